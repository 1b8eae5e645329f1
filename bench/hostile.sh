#!/usr/bin/env bash
# The hostile command lines of the "every input bounded" table: each must end within
# TIMEOUT seconds and MEM_MB of memory with exit 0, 1 or 2. Prints one line per case:
# exit code, wall seconds, max RSS, the command. Exits 1 if any case fails.
#
#   bench/hostile.sh [path/to/grundy]      (default: target/release/grundy)
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-${CARGO_TARGET_DIR:-target}/release/grundy}
TIMEOUT=${TIMEOUT:-20}
MEM_MB=${MEM_MB:-2048}
dots() { printf '%*s' "$1" '' | tr ' ' '.'; }
pawns1000=$(python3 -c 'import random; random.seed(1); print("".join(random.choice(".P") for _ in range(1000)))')
huge3="1000000000000000000:1000000000000000000,999999999999999999:999999999999999999,3:7"
cases=(
  "analyze pawns $pawns1000 --moves"
  "analyze pawns $(dots 20000)P --moves"
  "analyze ab A$(dots 1000)B --moves"
  "analyze ab A$(dots 5000)B --moves"
  "analyze nim 5000,5000 --moves"
  "analyze nim 100,100,100 --moves"
  "analyze staircase 100,100,100 --moves"
  "analyze towers 20:4,30:3 --moves"
  "analyze towers 1:1000000000000000000 --limit 18446744073709551615"
  "analyze towers 1:1000000000000000000 --limit 1000000000000"
  "analyze staircase 5 --bound 18446744073709551615"
  "verify staircase --bound 18446744073709551615 --max-size 3"
  "analyze towers $huge3 --json"
  "analyze octal 1000000000000,5 --code 0.77 --moves"
  "analyze nim 10000 --moves"
  "analyze octal 6,146,146,14 --code 4.616 --moves"
  "analyze pawns ..P.P --moves --limit 0"
  "analyze octal 1000000000000000000 --code 0.6"
  "sequence octal 4.004"
  "sequence octal 0.777777777777777777 --to 30000"
  "verify table --max-size 10"
  "verify nim --max-size 18"
  "sequence subtraction --set 2,4,5 --to 1000000000"
  "analyze nim 3,,5"
  "analyze wythoff 1000000000000,5 --moves"
  "analyze grundy-game 60000,3 --moves"
  "analyze octal 1000000000 --code 0.8"
  "analyze octal 5000,7 --code 0.8 --moves"
  "analyze octal 100000000000000 --code 4.C --moves"
  "sequence octal 0.3B --to 1000000"
  "analyze wythoff 0,250311"
  "analyze wythoff 3,250311 --json"
  "analyze wythoff 100000000000000000,3"
  "sequence octal 0.77 --to 1000000"
  "sequence octal 0.77 --time-limit 1e20"
  "serve --workers 2305843009213693952"
  "value 100000000 --details --explicit-limit 18446744073709551615"
  "value +-1+-2+-3+-4+-5+-6+-7+-8+-9+-10+-11+-12+-13+-14+-15+-16+-17+-18+-19+-20+-21+-22+-23+-24+-25+-26"
  "value *18446744073709551615"
  "stress tabgame --time-limit 1e20 -- true"
  "analyze cram ........|........|........|........|........|........|........"
)
stdin_cases=(
  "play octal 18446744073709551615 --code 0.77|quit"
  "play staircase 18446744073709551615,7 --hints|quit"
  "play octal 1000000000,5 --code 0.77 --you second|quit"
  "play nim 10000 --hints|quit"
)
fail=0
run() { # $1 = command line, $2 = stdin text
  local start end rc rss
  start=$(date +%s.%N)
  rss=$( { printf '%s\n' "$2" | ( ulimit -v $((MEM_MB * 1024)); /usr/bin/time -f '%M' -o /dev/fd/3 timeout "$TIMEOUT" "$BIN" $1 >/dev/null 2>/dev/null ); echo "rc=$?" >&3; } 3>&1 )
  end=$(date +%s.%N)
  rc=$(echo "$rss" | grep -o 'rc=[0-9]*' | cut -d= -f2)
  rss=$(echo "$rss" | grep -v rc= | tail -1)
  local ok=ok
  case "$rc" in 0|1|2) ;; *) ok=FAIL; fail=1 ;; esac
  printf '%-4s exit %-3s %6.2f s %7s KB  %s\n' "$ok" "$rc" "$(echo "$end - $start" | bc)" "$rss" "$(echo "$1" | cut -c1-90)"
}
for c in "${cases[@]}"; do run "$c" ""; done
for c in "${stdin_cases[@]}"; do run "${c%%|*}" "${c#*|}"; done
run "play pawns ..P.P" "$(head -c 3000000 /dev/zero | tr '\0' 'x')"

# The server, on loopback only, stopped at the end: each row names the request, the
# status it must answer and the most seconds it may take.
PORT=${PORT:-18091}
"$BIN" serve --port "$PORT" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do curl -s "localhost:$PORT/api/games" >/dev/null && break; sleep 0.1; done
serve_row() { # $1 = what, $2 = expected status, $3 = most seconds, then curl's arguments
  local what=$1 want=$2 most=$3; shift 3
  local out status secs ok=ok
  out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' --max-time 30 "$@")
  status=${out% *}; secs=${out#* }
  if [ "$status" != "$want" ] || [ "$(echo "$secs > $most" | bc)" = 1 ]; then ok=FAIL; fail=1; fi
  printf '%-4s HTTP %-3s %6.2f s             %s\n' "$ok" "$status" "$secs" "$what"
}
empty8=$(printf '........|%.0s' 1 2 3 4 5 6 7); empty8="$empty8........"
full8=$(printf 'xoxoxoxo|oxoxoxox|%.0s' 1 2 3); full8="${full8}xoxoxoxo|oxoxoxox"
for you in first second; do
  serve_row "POST /api/play domineering empty 8x8, you $you" 200 10 -X POST "localhost:$PORT/api/play" \
    -H 'content-type: application/json' -d "{\"game\":\"domineering\",\"position\":\"$empty8\",\"you\":\"$you\",\"reply\":true}"
  serve_row "POST /api/play clobber full 8x8, you $you" 200 10 -X POST "localhost:$PORT/api/play" \
    -H 'content-type: application/json' -d "{\"game\":\"clobber\",\"position\":\"$full8\",\"you\":\"$you\",\"reply\":true}"
done
serve_row "POST /api/play with params {junk: 1}" 400 1 -X POST "localhost:$PORT/api/play" \
  -H 'content-type: application/json' -d '{"game":"nim","position":"3,5","params":{"junk":1}}'
# Ten slow requests (each works to the 10 s budget), then a cheap one.
slow=()
for _ in $(seq 10); do
  curl -s -o /dev/null --max-time 30 "localhost:$PORT/api/sequence?game=octal&code=0.6&limit=2000000" & slow+=($!)
done
sleep 0.5
serve_row "GET /api/analyze nim 3,5,7 behind ten slow requests" 200 2 "localhost:$PORT/api/analyze?game=nim&position=3,5,7"
wait "${slow[@]}"
# A client that sends half its headers, and one that sends a tenth of its body.
for half in 'GET /api/games HTTP/1.1\r\nHost: x\r\n' 'POST /api/outcomes HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"game":'; do
  start=$(date +%s.%N)
  reply=$(python3 -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(sys.argv[2].encode().decode("unicode_escape").encode())
s.settimeout(30)
got = b""
while True:
    b = s.recv(4096)
    if not b: break
    got += b
print(got.split(b"\r\n")[0].decode() or "closed")' "$PORT" "$half")
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  ok=ok; [ "$(echo "$secs > 12" | bc)" = 1 ] && { ok=FAIL; fail=1; }
  printf '%-4s %-18s %6.2f s             a client sending %s\n' "$ok" "${reply:0:18}" "$secs" "$(echo "$half" | cut -c1-40)"
done
exit $fail
