/* launch: run one command as the child of this small process and report its rusage.
 *
 *     launch OUT COMMAND [ARGS...]
 *
 * writes "USER_US SYSTEM_US MAXRSS_KB EXIT" to the file OUT once COMMAND ends (EXIT is
 * 128 + the signal if it was killed) and exits with COMMAND's exit code.
 *
 * Why: on Linux a process's ru_maxrss keeps the peak of the memory it replaced at
 * execve, and a child made by fork or vfork starts from its parent's peak. A command
 * started directly by the benchmark (a Python process of 15 to 30 MB) would report
 * at least the benchmark's own peak: a 6 MB `grundy analyze` showed 24 MB. Forked from
 * this process, whose peak is about 1 MB, its ru_maxrss is its own. (bench/cgt/bench.py
 * starts this in a session of its own and kills the whole group past its timeout.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: launch OUT COMMAND [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("launch: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("launch: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("launch: wait4");
        return 2;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror("launch: open OUT");
        return 2;
    }
    fprintf(out, "%ld %ld %ld %d\n",
            (long)ru.ru_utime.tv_sec * 1000000L + (long)ru.ru_utime.tv_usec,
            (long)ru.ru_stime.tv_sec * 1000000L + (long)ru.ru_stime.tv_usec,
            ru.ru_maxrss, code);
    fclose(out);
    return code;
}
