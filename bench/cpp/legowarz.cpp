// LEGOWARZ reference: Nim over runs of heights, X(n) = 1 ^ 2 ^ ... ^ n in O(1).
#include "read_all.h"

typedef unsigned __int128 u128;

static inline u128 xor_upto(u128 n) {
    switch ((unsigned)(n & 3)) {
        case 0: return n;
        case 1: return 1;
        case 2: return n + 1;
        default: return 0;
    }
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
