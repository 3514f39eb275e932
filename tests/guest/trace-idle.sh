# Guest job: record the core's idle events over a few sleeps, so that the
# host can check trace-cmd's round trip.
set -e
trace-cmd record -q -e power:cpu_idle -o "$RESULTS/trace.dat" \
	sh -c 'for i in 1 2 3 4 5; do sleep 0.2; done'
