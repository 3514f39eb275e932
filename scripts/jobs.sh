# SPDX-License-Identifier: GPL-2.0
#
# Background jobs side by side, for the scripts that keep several going
# (compare.sh's runs, run-tests.sh's tests): sourced, not run.  Each job
# runs in a session of its own (setsid), so that stopping the caller
# stops every job and the QEMU it started, not only the job's shell.

declare -A job_of=()

# job_start ID CMD...: CMD in the background as job ID; the caller's
# redirections of the call are the job's
job_start() {
	local id=$1
	shift
	setsid -w "$@" &
	job_of[$!]=$id
}

# job_wait: wait for any job to end; its ID in job_id, its status in job_rc
job_wait() {
	local pid
	wait -n -p pid
	job_rc=$?
	job_id=${job_of[$pid]}
	unset "job_of[$pid]"
}

# jobs_running: how many jobs have not ended
jobs_running() {
	echo ${#job_of[@]}
}

# jobs_stop: stop every job that has not ended
jobs_stop() {
	local pid
	for pid in "${!job_of[@]}"; do
		kill -- -"$pid" 2>/dev/null
	done
}
