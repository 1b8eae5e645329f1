#!/usr/bin/env bash
# The Python benchmark (bench/README.md, "Python: built-in and user games against
# pycgt"): grundy's built-in Domineering, Domineering and Kayles written as Python
# classes, against pycgt (pure Python, from the package registry) and plain Python.
#
#   bash bench/python/run.sh                 # RUNS=5 runs of each side, medians
#   RUNS=3 TIMEOUT=60 bash bench/python/run.sh
#   ONLY=1:4x5,3:kayles bash bench/python/run.sh
#
# Everything runs in its own virtual environment, target/bench-python-env: the
# package grundy is built from crates/grundy-py (maturin, release mode: 2-3 minutes
# the first time) and pycgt installed from the registry. pycgt is a dependency of
# this benchmark only, never of the project. Each measurement is one child process,
# bounded by TIMEOUT seconds (120 by default), so the script always ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
ENV=target/bench-python-env
if [ ! -x "$ENV/bin/python" ]; then
    python3 -m venv "$ENV"
fi
echo "building grundy from crates/grundy-py (release) ..." >&2
# The figures in bench/README.md were measured with the profile `wheel` (fat LTO) and
# the opt-in code layout (crates/grundy-py/build.rs); GRUNDY_HOT_TEXT=0 and
# MATURIN_PEP517_ARGS="--profile release" build the default wheel.
GRUNDY_HOT_TEXT=${GRUNDY_HOT_TEXT:-1} MATURIN_PEP517_ARGS=${MATURIN_PEP517_ARGS:---profile wheel} \
    "$ENV/bin/python" -m pip install -v ./crates/grundy-py >&2
if ! "$ENV/bin/python" -m pip install --quiet pycgt; then
    echo "pycgt could not be installed: its side of the benchmark cannot run" >&2
    exit 1
fi
"$ENV/bin/python" -c 'import grundy, pycgt.rulesets.domineering' || {
    echo "grundy or pycgt's Domineering cannot be imported" >&2
    exit 1
}
exec "$ENV/bin/python" bench/python/bench.py
