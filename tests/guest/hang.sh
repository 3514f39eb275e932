# Guest job: never finish, and keep a CPU busy so that wall time really
# passes under -icount sleep=off, to check the host's wall-clock limit.
while :; do :; done
