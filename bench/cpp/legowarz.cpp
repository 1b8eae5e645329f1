// LEGOWARZ reference: Nim over runs of heights, X(n) = 1 ^ 2 ^ ... ^ n in O(1).
#include "read_all.h"

typedef unsigned __int128 u128;

static inline u128 xor_upto(u128 n) {
    // n, 1, n + 1, 0 for n mod 4 = 0, 1, 2, 3, branch-free.
    u128 half = (n >> 1) & 1;
    u128 odd = -(n & 1);
    return ((n | half) & ~odd) | ((1 ^ half) & odd);
}

int main() {
    size_t size;
    const char* p = read_all(size);
    unsigned long long n = read_u64(p);
    u128 value = 0;
    while (n--) {
        unsigned long long h = read_u64(p), c = read_u64(p);
        if (c == 0) continue;
        u128 top = (u128)h + c - 1;
        value ^= xor_upto(top) ^ (h ? xor_upto((u128)h - 1) : 0);
    }
    puts(value ? "Alice" : "Bob");
}
