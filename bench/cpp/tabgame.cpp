// TABGAME reference: rows and columns 0..3 of the win table, diagonals answer the rest.
#include "read_all.h"
#include <algorithm>
#include <string>
#include <vector>

// line[k] = !(before[k] && line[k-1]), two cells per step to halve the dependency chain.
static void next_line(const std::vector<char>& before, char first, std::vector<char>& line) {
    size_t len = before.size(), k = 1;
    line.resize(len);
    line[0] = first;
    char prev = first;
    for (; k + 1 < len; k += 2) {
        char t = before[k] & prev;
        line[k] = !t;
        prev = (!before[k + 1]) | t;
        line[k + 1] = prev;
    }
    if (k < len) line[k] = !(before[k] & prev);
}

int main() {
    size_t size;
    const char* p = read_all(size);
    unsigned long long t = read_u64(p);
    std::string out;
    std::vector<char> rows[4], cols[4];
    while (t--) {
        skip_space(p);
        const char* top = p;
        while ((unsigned char)*p > ' ') ++p;
        size_t m = p - top;
        skip_space(p);
        const char* left = p;
        while ((unsigned char)*p > ' ') ++p;
        size_t n = p - left;
        rows[0].assign(m + 1, 0);
        for (size_t y = 1; y <= m; ++y) rows[0][y] = top[y - 1] == '1';
        for (size_t x = 1; x <= std::min<size_t>(n, 3); ++x)
            next_line(rows[x - 1], left[x - 1] == '1', rows[x]);
        cols[0].assign(n + 1, 0);
        for (size_t x = 1; x <= n; ++x) cols[0][x] = left[x - 1] == '1';
        for (size_t y = 1; y <= std::min<size_t>(m, 3); ++y)
            next_line(cols[y - 1], top[y - 1] == '1', cols[y]);
        unsigned long long q = read_u64(p);
        // Parse a batch of queries, then answer it: the lookups overlap their misses.
        static unsigned long long xs[512], ys[512];
        while (q) {
            unsigned batch = q < 512 ? (unsigned)q : 512;
            for (unsigned i = 0; i < batch; ++i) {
                xs[i] = read_u64(p);
                ys[i] = read_u64(p);
            }
            for (unsigned i = 0; i < batch; ++i) {
                unsigned long long x = xs[i], y = ys[i];
                unsigned long long d = std::min(x, y);
                d = d > 3 ? d - 3 : 0;
                x -= d;
                y -= d;
                out += (x <= 3 ? rows[x][y] : cols[y][x]) ? '1' : '0';
            }
            q -= batch;
        }
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
