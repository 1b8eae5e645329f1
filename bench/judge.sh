#!/usr/bin/env bash
# Throughput of `grundy judge` on ~200 MB inputs per problem, next to `wc -l` and a
# tuned C++ reference solution (bench/cpp) on the same file, measured in the same run.
#
# Usage: bench/judge.sh [PROBLEM...]   (default: all four; RUNS=5 runs each, median)
# Ratios are of CPU times: grundy/wc is how many times longer grundy takes than wc -l,
# grundy/C++ how many times longer than the C++ reference (below 1: grundy is faster).
# Inputs are generated once into bench/data/ (gitignored) from a fixed seed.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
DATA=bench/data
PROBLEMS=("$@")
[ ${#PROBLEMS[@]} -gt 0 ] || PROBLEMS=(adapwns abgame tabgame legowarz)
TARGET=${CARGO_TARGET_DIR:-target}
mkdir -p "$DATA"

# One core, when taskset is there.
PIN=()
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then PIN=(taskset -c 0); fi

cargo build --release -q -p grundy-cli --bin grundy --example judge_gen
GRUNDY=$TARGET/release/grundy
GEN=$TARGET/release/examples/judge_gen

# Times RUNS runs of "$@" on stdin from $1, stdout to /dev/null; prints the median CPU
# time (user + system, seconds) and the median wall time. On a shared machine the
# CPU time is the stable figure: it does not count the time spent waiting for a core.
measure() {
    local file=$1
    shift
    local cpu=() wall=() t
    for _ in $(seq "$RUNS"); do
        t=$( { TIMEFORMAT='%R %U %S'; time "${PIN[@]}" "$@" <"$file" >/dev/null; } 2>&1 )
        read -r r u s <<<"$t"
        cpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.3f", u + s}')")
        wall+=("$r")
    done
    echo "$(printf '%s\n' "${cpu[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
        "$(printf '%s\n' "${wall[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
}

rate() { awk -v b="$1" -v s="$2" 'BEGIN {if (s > 0) printf "%.0f", b / s / 1e6; else print "inf"}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "n/a"}'; }

echo "runs: $RUNS (median); pinned: ${PIN[*]:-no}; load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "MB/s = input bytes / median CPU time (user + sys); wall-clock MB/s in brackets"
printf '%-9s %5s | %-15s %-15s %-15s | %9s %10s\n' problem MB "wc -l" "grundy judge" "C++ -O2" "grundy/wc" "grundy/C++"
for p in "${PROBLEMS[@]}"; do
    file=$DATA/$p.txt
    [ -s "$file" ] || "$GEN" "$p" "$file"
    g++ -O2 -o "$DATA/cpp_$p" "bench/cpp/$p.cpp"
    # Same answers, or no figures.
    if ! cmp -s <("$GRUNDY" judge "$p" "$file") <("$DATA/cpp_$p" <"$file"); then
        echo "$p: grundy and the C++ reference disagree" >&2
        exit 1
    fi
    bytes=$(stat -c %s "$file")
    cat "$file" >/dev/null # warm the page cache
    read -r c_wc w_wc <<<"$(measure "$file" wc -l)"
    read -r c_g w_g <<<"$(measure "$file" "$GRUNDY" judge "$p")"
    read -r c_cpp w_cpp <<<"$(measure "$file" "$DATA/cpp_$p")"
    cell() { printf '%s [%s]' "$(rate "$bytes" "$1")" "$(rate "$bytes" "$2")"; }
    printf '%-9s %5.0f | %-15s %-15s %-15s | %9s %10s\n' "$p" "$(awk -v b="$bytes" 'BEGIN {print b / 1e6}')" \
        "$(cell "$c_wc" "$w_wc")" "$(cell "$c_g" "$w_g")" "$(cell "$c_cpp" "$w_cpp")" \
        "$(ratio "$c_g" "$c_wc")" "$(ratio "$c_g" "$c_cpp")"
done
