// ABGAME reference: letters pair up; same-player rooms are reserves, A-B rooms Nim heaps.
#include "read_all.h"
#include <string>

int main() {
    size_t size;
    const char* p = read_all(size);
    unsigned long long t = read_u64(p);
    std::string out;
    out.reserve(t * 2);
    while (t--) {
        skip_space(p);
        unsigned long long ra = 0, rb = 0, nim = 0, count = 0;
        const char* first = nullptr;
        for (; (unsigned char)*p > ' '; ++p) {
            char c = *p;
            if (c == '.') continue;
            if (count & 1) {
                unsigned long long room = p - first - 1;
                if (*first != c) nim ^= room;
                else if (c == 'A') ra += room;
                else rb += room;
            } else {
                first = p;
            }
            ++count;
        }
        if (count & 1) {
            unsigned long long room = p - first - 1;
            if (*first == 'A') ra += room;
            else rb += room;
        }
        out += (ra > rb || (ra == rb && nim)) ? "A\n" : "B\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
