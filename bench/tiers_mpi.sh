#!/usr/bin/env bash
# `grundy solve connect-four BOARD --tiers --mpi` with 1, 2 and 4 processes, beside
# the one-process solve without MPI: wall and CPU time (user + system of mpirun and
# its processes, GNU time), medians of RUNS, each run into a fresh directory; every
# database checked byte for byte against the one-process one. Builds grundy with
# `--features mpi` (the dev profile, engines at opt-level 3, as docs/tiers.md's
# figures); needs Open MPI (scripts/install-mpi).
# Usage: RUNS=3 bash bench/tiers_mpi.sh [BOARD] [PROCESSES...]
set -euo pipefail
cd "$(dirname "$0")/.."
board=${1:-5x4:}
shift || true
procs=${*:-1 2 4}
runs=${RUNS:-3}
cargo build --locked -q -p grundy-cli --features mpi
grundy=$PWD/target/debug/grundy
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # label, command...
    local label=$1
    shift
    : >"$work/wall"
    : >"$work/cpu"
    for _ in $(seq "$runs"); do
        rm -rf "$work/db"
        /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" >"$work/out" 2>"$work/err"
        read -r wall user sys <"$work/t"
        echo "$wall" >>"$work/wall"
        echo "$user + $sys" | bc >>"$work/cpu"
        if [ -d "$work/one" ]; then
            diff -r "$work/one" "$work/db" >/dev/null || { echo "$label: a different database" >&2; exit 1; }
        else
            cp -r "$work/db" "$work/one"
        fi
    done
    printf '| %s | %s s | %s s | %s |\n' "$label" "$(median <"$work/wall")" "$(median <"$work/cpu")" \
        "$(du -sb "$work/db" | cut -f1) bytes"
}
echo "connect-four $board, $runs runs, medians; $(nproc) cores; $(date -u +%F)"
echo "| processes | wall | CPU | files |"
echo "|---|---:|---:|---:|"
measure "one process, no MPI" "$grundy" solve connect-four "$board" --tiers --out "$work/db" --quiet
for n in $procs; do
    measure "mpirun -n $n" mpirun --oversubscribe --bind-to none -n "$n" "$grundy" solve connect-four "$board" \
        --tiers --out "$work/db" --mpi --quiet
done
