# Guest job: crash the kernel, to check that the host reports a panic.
echo c > /proc/sysrq-trigger
