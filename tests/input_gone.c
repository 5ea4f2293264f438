/*
 * End to end: when the game's terminal goes away and no SIGHUP comes
 * (the pty is not its controlling terminal, so the kernel sends none),
 * reads on standard input fail at once.  The game must then stop as on a
 * hangup, promptly and with status 129, not spin on the reads, and its
 * save must hold the move made before.
 *
 * The game runs on a pty of this program's own: Enter past the briefing,
 * "k m" moves leg1 to 0405 (as in tests/e2e/signals.sh), then the pty's
 * master side is closed.  The save is checked with --batch --resume.
 *
 * Environment: TOP_BUILDDIR (the ancients binary).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char dir[] = "/tmp/ancients-gone.XXXXXX";

static void
fail(const char *fmt, const char *arg)
{
	fprintf(stderr, "input_gone: FAIL: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(1);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Reads what the game draws until it has been quiet for quiet_ms (at
 * most limit seconds in all); returns the bytes read.
 */
static size_t
drain(int master, int quiet_ms, double limit)
{
	struct pollfd pfd = { master, POLLIN, 0 };
	char buf[4096];
	double end = now() + limit;
	size_t total = 0;
	ssize_t n;

	while (now() < end) {
		if (poll(&pfd, 1, quiet_ms) <= 0)
			break;
		n = read(master, buf, sizeof buf);
		if (n <= 0)
			break;
		total += (size_t)n;
	}
	return total;
}

static void
send_keys(int master, const char *keys)
{
	size_t len = strlen(keys);

	if (write(master, keys, len) != (ssize_t)len)
		fail("cannot write keys %s", keys);
}

/* Starts the game on the pty's slave side, without making it the
 * controlling terminal; returns its pid. */
static pid_t
start(const char *bin, int master, const char *slave)
{
	char state[sizeof dir + 16];
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		fail("%s", "cannot fork");
	if (pid > 0)
		return pid;
	close(master);	/* or the master side would never close */
	setsid();
	fd = open(slave, O_RDWR | O_NOCTTY);
	if (fd < 0)
		_exit(120);
	dup2(fd, 0);
	dup2(fd, 1);
	close(fd);
	fd = open("/dev/null", O_WRONLY);
	if (fd >= 0)
		dup2(fd, 2);
	snprintf(state, sizeof state, "%s/state", dir);
	setenv("XDG_STATE_HOME", state, 1);
	setenv("TERM", "xterm-256color", 1);
	setenv("LANG", "C.UTF-8", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	execl(bin, bin, "--seed", "2", (char *)NULL);
	_exit(121);
}

/* The newest save holds leg1's move. */
static void
check_save(const char *bin)
{
	char pattern[sizeof dir + 64], cmd[8192], line[512];
	glob_t gl;
	FILE *f;
	int found = 0;

	snprintf(pattern, sizeof pattern, "%s/state/ancients/autosave-*.save",
	    dir);
	if (glob(pattern, 0, NULL, &gl) != 0 || gl.gl_pathc != 1)
		fail("%s", "not exactly one save after the terminal went");
	snprintf(cmd, sizeof cmd, "echo dump | '%s' --batch --resume '%s'",
	    bin, gl.gl_pathv[0]);
	globfree(&gl);
	if ((f = popen(cmd, "r")) == NULL)
		fail("%s", "cannot run --batch --resume");
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "unit leg1 ", 10) == 0 &&
		    strstr(line, " hex=0405 ") != NULL)
			found = 1;
	if (pclose(f) != 0)
		fail("%s", "the save does not resume");
	if (!found)
		fail("%s", "the move is not in the save");
}

int
main(void)
{
	const char *top = getenv("TOP_BUILDDIR");
	struct winsize ws = { 24, 80, 0, 0 };
	char bin[4096], cmd[sizeof dir + 16], *slave;
	double t0, waited;
	pid_t pid;
	int master, status = 0;

	snprintf(bin, sizeof bin, "%s/ancients", top ? top : ".");
	if (access(bin, X_OK) != 0)
		fail("no program at %s", bin);
	if (mkdtemp(dir) == NULL)
		fail("%s", "cannot make a temporary directory");
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 ||
	    (slave = ptsname(master)) == NULL)
		fail("%s", "no pseudo-terminal");
	ioctl(master, TIOCSWINSZ, &ws);
	pid = start(bin, master, slave);

	drain(master, 500, 10);		/* the briefing */
	send_keys(master, "\r");
	drain(master, 500, 10);		/* the movement phase */
	send_keys(master, "k");
	drain(master, 300, 10);
	send_keys(master, "m");		/* the move, shown */
	drain(master, 300, 10);
	send_keys(master, "m");		/* and played */
	drain(master, 500, 10);		/* leg1 has moved and is saved */

	/* The terminal goes; no signal follows. */
	t0 = now();
	close(master);
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (now() - t0 > 5) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			fail("%s", "still running 5 s after its terminal went");
		}
		usleep(10000);
	}
	waited = now() - t0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 129) {
		snprintf(cmd, sizeof cmd, "%d", WIFEXITED(status) ?
		    WEXITSTATUS(status) : 1000 + WTERMSIG(status));
		fail("exit status %s, not 129 as for a hangup", cmd);
	}
	check_save(bin);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "input_gone: could not remove %s\n", dir);
	printf("PASS: the game stopped %.2f s after its terminal went, with "
	    "status 129 and its move saved\n", waited);
	return 0;
}
