// Reference solutions' input: all of standard input in one buffer, NUL-terminated.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>

static char* read_all(size_t& size) {
    struct stat st;
    size_t cap = 1 << 20;
    if (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) cap = (size_t)st.st_size + 1;
    char* buf = (char*)malloc(cap + 1);
    size = 0;
    for (;;) {
        if (size == cap) {
            cap *= 2;
            buf = (char*)realloc(buf, cap + 1);
        }
        size_t got = fread(buf + size, 1, cap - size, stdin);
        if (got == 0) break;
        size += got;
    }
    buf[size] = 0;
    return buf;
}

static inline void skip_space(const char*& p) {
    while (*p && (unsigned char)*p <= ' ') ++p;
}

static inline unsigned long long read_u64(const char*& p) {
    skip_space(p);
    unsigned long long v = 0;
    while ((unsigned char)(*p - '0') < 10) v = v * 10 + (unsigned)(*p++ - '0');
    return v;
}
