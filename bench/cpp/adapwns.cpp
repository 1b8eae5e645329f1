// ADAPWNS reference: staircase Nim, piles counted from the last pawn, pile mod 3.
#include "read_all.h"
#include <string>

int main() {
    size_t size;
    const char* p = read_all(size);
    unsigned long long t = read_u64(p);
    std::string out;
    out.reserve(t * 4);
    while (t--) {
        skip_space(p);
        // Two 2-bit accumulators (pawns of even and odd index), the gap mod 3 before
        // the next pawn, and the parity of the pawns seen: branch-free per square.
        unsigned acc = 0, parity = 0, gap = 0;
        for (; (unsigned char)*p > ' '; ++p) {
            unsigned pawn = *p == 'P';
            acc ^= (pawn ? gap : 0) << (parity * 2);
            parity ^= pawn;
            gap = pawn ? 0 : (gap == 2 ? 0 : gap + 1);
        }
        unsigned value = (acc >> ((parity ^ 1) * 2)) & 3;
        out += value ? "Yes\n" : "No\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
