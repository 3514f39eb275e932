# Guest job: fail with a distinct status, to check that the host reports it.
echo "failing on purpose"
exit 3
