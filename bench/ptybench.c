/*
 * Benchmark, not a test: what the curses game costs on the wire.  Runs
 * the game in a pseudo-terminal of 80 x 24 (TERM=xterm-256color, a UTF-8
 * locale, its saves in a fresh directory), plays a fixed key script on
 * the tutorial with --seed 1 and prints, per class of key (cursor step,
 * Tab select with and without a scroll of the view, unit move, phase end,
 * full redraw, resize), the bytes the game wrote to the terminal and the
 * write() calls it made for them; then the first screen's bytes and
 * time, the time from Enter to the screen showing a typed move, the
 * disk's own fdatasync time, and the game's peak RSS.
 *
 *	bench/ptybench [-v] [-t TERM] [-a] [-z] [-d FILE] GAME
 *
 * -v lists every key; -t another terminal type; -a adds --ascii; -z
 * presses z after the briefing (at 80 x 24 the game shows the compact
 * map, z the detailed one, where the view scrolls); -d writes every
 * answer's bytes to FILE, each after a === header.
 *
 * How it counts.  Bytes: everything read from the master side between
 * the key and the moment the output has been quiet for QUIET_MS.  Write
 * calls: the script is played a second time with the game under
 * strace -e trace=write,fdatasync -T, and the write() calls on the
 * terminal (fd 1) after each key are counted in strace's log; the
 * fdatasync() calls' own times come from there too.  Without strace the
 * write counts are left out.  Times come from the first, untraced run:
 * from the key's last byte written to the master to the last byte of the
 * answer read from it.  Three more runs, untraced, save in /dev/shm (a
 * tmpfs, where fdatasync() has no disk to wait for) where there is one:
 * the time from Enter to the screen without the disk's sync.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "termbytes.h"

#define QUIET_MS 250  /* the answer is over after this long quiet */
#define FIRST_MS 3000 /* the longest wait for an answer's first byte */
#define MAXSTEPS 128
#define SHM_RUNS 3 /* runs with the saves on tmpfs, for Enter's time */

enum kclass {
	K_START,
	K_OPEN,
	K_CURSOR,
	K_CURSOR_SCROLL,
	K_SELECT,
	K_SELECT_SCROLL,
	K_MOVE,
	K_TYPE,
	K_PHASE,
	K_TURN,
	K_REDRAW,
	K_RESIZE,
	K_OTHER,
	K_COUNT
};

static const char *const class_names[K_COUNT] = {
	"first screen (briefing)",
	"close the briefing",
	"cursor step",
	"cursor step (detailed map: scrolls)",
	"Tab select",
	"Tab select (detailed map: scrolls)",
	"unit move (m, or Enter on a typed move)",
	"a character typed at the prompt",
	"phase end (E)",
	"player-turn end (E): the handoff page",
	"full redraw (^L)",
	"resize (100x30 and back)",
	"other",
};

struct step {
	enum kclass k;
	const char *keys; /* NULL: resize */
	const char *what;
};

/*
 * The tutorial, --seed 1.  leg1 at 0406 starts selected, the cursor on
 * it; the view shows columns 01-08, rows 01-07.
 */
static const struct step script[] = {
	{ K_OPEN, "\r", "close the briefing" },
	{ K_CURSOR, "h", "0406 leg1 -> 0306" },
	{ K_CURSOR, "h", "0306 -> 0206" },
	{ K_CURSOR, "l", "0206 -> 0306" },
	{ K_CURSOR, "h", "0306 -> 0206" },
	{ K_CURSOR, "l", "0206 -> 0306" },
	{ K_CURSOR, "l", "0306 -> 0406 leg1" },
	{ K_CURSOR, "k", "0406 -> 0405 (front)" },
	{ K_CURSOR, "j", "0405 -> 0406" },
	{ K_CURSOR_SCROLL, "b", "0406 -> 0307: the rows scroll" },
	{ K_CURSOR, "h", "0307 -> 0207 aux1" },
	{ K_CURSOR, "l", "0207 -> 0307" },
	{ K_CURSOR, "u", "0307 -> 0406" },
	{ K_SELECT, "\t", "leg2 at 0606" },
	{ K_SELECT, "\t", "aux1 at 0207" },
	{ K_SELECT, "\t", "vel1 at 0505" },
	{ K_SELECT_SCROLL, "\t", "eq1 at 0907" },
	{ K_SELECT, "\t", "leg1 at 0406" },
	{ K_CURSOR, "k", "0406 -> 0405" },
	{ K_MOVE, "m", "leg1 to 0405" },
	{ K_SELECT, "\t", "leg2 at 0606" },
	{ K_CURSOR, "k", "0606 -> 0605" },
	{ K_MOVE, "m", "leg2 to 0605" },
	{ K_OTHER, ":", "open the prompt" },
	{ K_TYPE, "m", "m" },
	{ K_TYPE, "o", "o" },
	{ K_TYPE, "v", "v" },
	{ K_TYPE, "e", "e" },
	{ K_OTHER, " aux1 0206", "the rest of the command" },
	{ K_MOVE, "\r", "Enter: move aux1 0206" },
	{ K_OTHER, "move vel1 0504", "another command" },
	{ K_MOVE, "\r", "Enter: move vel1 0504" },
	{ K_OTHER, "\033", "Esc: close the prompt" },
	{ K_PHASE, "E", "end movement" },
	{ K_PHASE, "E", "end shooting" },
	{ K_TURN, "E", "end combat: Chatti's turn" },
	{ K_OTHER, "\033", "close the page" },
	{ K_REDRAW, "\f", "^L" },
	{ K_REDRAW, "\f", "^L" },
	{ K_REDRAW, "\f", "^L" },
	{ K_RESIZE, NULL, "100x30" },
	{ K_RESIZE, NULL, "80x24" },
	{ K_OTHER, "\033", "Esc" },
	{ K_OTHER, "q", "quit?" },
	{ K_OTHER, "y", "yes" },
};
#define NSTEPS (sizeof script / sizeof script[0])

struct result {
	long bytes[MAXSTEPS + 1]; /* [0] the first screen */
	int writes[MAXSTEPS + 1]; /* -1: not counted */
	double secs[MAXSTEPS + 1];
	struct termbytes made[MAXSTEPS + 1]; /* what the bytes were */
	double fsync[MAXSTEPS]; /* fdatasync seconds seen (traced run) */
	int nfsync;
	long maxrss_kb;
	int status;
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
die(const char *what)
{
	fprintf(stderr, "ptybench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/*
 * Reads the answer: waits up to FIRST_MS for a first byte, then until
 * QUIET_MS pass with none.  *last gets the time of the last byte read.
 */
static FILE *dump; /* -d: every answer's bytes, after a header */
static double enter_ms(const struct result *r, int runs, int *n);
static bool zoom; /* -z: z after the briefing, the other map */
static struct termbytes sorter; /* sorts the bytes of the run */

static long
drain(int fd, double *last)
{
	char buf[65536];
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	long total = 0;
	int wait_ms = FIRST_MS;
	ssize_t n;

	for (;;) {
		int r = poll(&pf, 1, wait_ms);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n = read(fd, buf, sizeof buf);
		if (n <= 0)
			break; /* EIO: the game closed the terminal */
		total += n;
		termbytes_feed(&sorter, buf, (size_t)n);
		if (dump != NULL)
			fwrite(buf, 1, (size_t)n, dump);
		*last = now();
		wait_ms = QUIET_MS;
	}
	return total;
}

static void
put(int fd, const char *s)
{
	size_t len = strlen(s), off = 0;

	while (off < len) {
		ssize_t n = write(fd, s + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("write to the terminal");
		off += (size_t)n;
	}
}

static void
set_size(int fd, int cols, int rows)
{
	struct winsize ws = { .ws_row = (unsigned short)rows,
			      .ws_col = (unsigned short)cols };

	if (ioctl(fd, TIOCSWINSZ, &ws) != 0)
		die("TIOCSWINSZ");
}

/*
 * The strace log after *off: write(1, ...) calls counted, fdatasync
 * times added to r.
 */
static int
scan_trace(const char *path, long *off, struct result *r)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int writes = 0;

	if (f == NULL)
		return -1;
	fseek(f, *off, SEEK_SET);
	while (fgets(line, sizeof line, f) != NULL) {
		const char *p = line;
		const char *t;

		/* "PID " in front with -f */
		while (*p >= '0' && *p <= '9')
			p++;
		while (*p == ' ')
			p++;
		if (strncmp(p, "write(1,", 8) == 0)
			writes++;
		else if (strncmp(p, "fdatasync(", 10) == 0 &&
			 (t = strrchr(p, '<')) != NULL && r->nfsync < MAXSTEPS)
			r->fsync[r->nfsync++] = atof(t + 1);
	}
	*off = ftell(f);
	fclose(f);
	return writes;
}

/* Plays the script once; traced: under strace, logging to trace. */
static void
play(const char *const *argv, const char *state, const char *term,
     const char *trace, struct result *r)
{
	int master, slave, st;
	pid_t pid;
	double t0, last;
	long off = 0;
	size_t i;
	struct rusage ru;

	memset(r, 0, sizeof *r);
	termbytes_init(&sorter);
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
		die("posix_openpt");
	set_size(master, 80, 24);
	t0 = last = now();
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		slave = open(ptsname(master), O_RDWR);
		if (slave < 0 || setsid() < 0 ||
		    ioctl(slave, TIOCSCTTY, 0) != 0)
			_exit(126);
		dup2(slave, 0);
		dup2(slave, 1);
		dup2(slave, 2);
		if (slave > 2)
			close(slave);
		close(master);
		setenv("TERM", term, 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		setenv("XDG_STATE_HOME", state, 1);
		unsetenv("NO_COLOR");
		if (trace != NULL) {
			const char *args[64];
			int k = 0, j;

			args[k++] = "strace";
			args[k++] = "-qq";
			args[k++] = "-T";
			args[k++] = "-e";
			args[k++] = "trace=write,fdatasync";
			args[k++] = "-o";
			args[k++] = trace;
			for (j = 0; argv[j] != NULL && k < 63; j++)
				args[k++] = argv[j];
			args[k] = NULL;
			execvp("strace", (char *const *)args);
		} else
			execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (trace != NULL && dump != NULL) {
		fclose(dump); /* the traced run's bytes are the same */
		dump = NULL;
	}
	r->bytes[0] = drain(master, &last);
	r->secs[0] = last - t0;
	termbytes_take(&sorter, &r->made[0]);
	r->writes[0] = trace != NULL ? scan_trace(trace, &off, r) : -1;
	for (i = 0; i < NSTEPS && i < MAXSTEPS; i++) {
		const struct step *s = &script[i];
		double sent;

		if (i == 1 && zoom) { /* after the briefing: the other map */
			put(master, "z");
			drain(master, &last);
		}

		if (s->keys == NULL) {
			if (strcmp(s->what, "80x24") == 0)
				set_size(master, 80, 24);
			else
				set_size(master, 100, 30);
		} else
			put(master, s->keys);
		sent = last = now();
		if (dump != NULL && trace == NULL)
			fprintf(dump, "\n=== step %zu: %s\n", i + 1, s->what);
		r->bytes[i + 1] = drain(master, &last);
		r->secs[i + 1] = last - sent;
		termbytes_take(&sorter, &r->made[i + 1]);
		r->writes[i + 1] =
		    trace != NULL ? scan_trace(trace, &off, r) : -1;
	}
	/* Still running (the script went astray): hang up on it. */
	for (i = 0; i < 30; i++) {
		siginfo_t si;

		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)pid, &si,
			   WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid != 0)
			break;
		usleep(100000);
	}
	close(master);
	if (wait4(pid, &st, 0, &ru) < 0)
		die("wait4");
	r->status = st;
	r->maxrss_kb = ru.ru_maxrss;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
	if (n == 0)
		return 0;
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The medians of what a class's bytes are made of: how much of them
 * is attribute strings, and what a lean driver would send instead. */
static void
print_makeup(const struct result *r)
{
	enum { F_BYTES, F_ATTR, F_MOVE, F_TEXT, F_CELLS, F_OTHER, F_LEAN, NF };
	int k;

	printf("\nWhat the bytes are (medians over the class's keys, each "
	       "column on its own):\n"
	       "attribute strings (SGR, character sets), cursor moves "
	       "(addresses, scrolls),\ncharacters (UTF-8 bytes, cells), "
	       "other controls, and the bytes with the\nshortest attribute "
	       "strings for the same characters (see bench/termbytes.c)\n");
	printf("\n| key class | bytes | attributes | cursor | characters "
	       "(cells) | other | with the shortest attributes |\n"
	       "|---|---:|---:|---:|---:|---:|---:|\n");
	for (k = 0; k < K_COUNT; k++) {
		double v[NF][MAXSTEPS + 1], m[NF];
		size_t i;
		int n = 0, f;

		for (i = 0; i <= NSTEPS; i++) {
			enum kclass c = i == 0 ? K_START : script[i - 1].k;
			const struct termbytes *t = &r->made[i];

			if (c != (enum kclass)k)
				continue;
			v[F_BYTES][n] = (double)r->bytes[i];
			v[F_ATTR][n] = (double)t->attr_bytes;
			v[F_MOVE][n] = (double)t->move_bytes;
			v[F_TEXT][n] = (double)t->text_bytes;
			v[F_CELLS][n] = (double)t->cells;
			v[F_OTHER][n] = (double)t->other_bytes;
			v[F_LEAN][n] = (double)(r->bytes[i] - t->attr_bytes +
						t->lean_attr_bytes);
			n++;
		}
		if (n == 0 || k == K_OTHER || k == K_TYPE)
			continue;
		for (f = 0; f < NF; f++)
			m[f] = median(v[f], n);
		printf("| %s | %.0f | %.0f | %.0f | %.0f (%.0f) | %.0f | %.0f "
		       "|\n",
		       class_names[k], m[F_BYTES], m[F_ATTR], m[F_MOVE],
		       m[F_TEXT], m[F_CELLS], m[F_OTHER], m[F_LEAN]);
	}
}

/* The disk's own fdatasync: a line appended and synced, in dir. */
static double
disk_fdatasync(const char *dir)
{
	char path[4096];
	double v[21], t;
	int fd, i;

	snprintf(path, sizeof path, "%s/fdatasync.probe", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd < 0)
		die(path);
	for (i = 0; i < 21; i++) {
		t = now();
		if (write(fd, "move leg1 0405 # probe line of a save\n", 38) !=
			38 ||
		    fdatasync(fd) != 0)
			die("fdatasync probe");
		v[i] = now() - t;
	}
	close(fd);
	unlink(path);
	return median(v, 21);
}

static bool
have_strace(void)
{
	return system("strace -V >/dev/null 2>&1") == 0;
}

/* The median time from Enter to the screen showing a typed move, ms,
 * over the runs r[0..runs). */
static double
enter_ms(const struct result *r, int runs, int *n)
{
	double t[MAXSTEPS * SHM_RUNS];
	size_t i;
	int k;

	*n = 0;
	for (k = 0; k < runs; k++)
		for (i = 0; i < NSTEPS; i++)
			if (script[i].k == K_MOVE &&
			    strcmp(script[i].keys, "\r") == 0)
				t[(*n)++] = r[k].secs[i + 1] * 1e3;
	return median(t, *n);
}

int
main(int argc, char **argv)
{
	static struct result plain, traced, nosync[SHM_RUNS];
	char shm[] = "/dev/shm/ptybench.XXXXXX";
	bool have_shm;
	double ms;
	const char *term = "xterm-256color";
	char state[] = "/tmp/ptybench.XXXXXX", trace[4200], cmd[4300];
	const char *gargv[8];
	bool verbose = false, ascii = false, counted;
	int opt, k, n, g = 0;
	size_t i;

	while ((opt = getopt(argc, argv, "vt:ad:z")) != -1) {
		switch (opt) {
		case 'v':
			verbose = true;
			break;
		case 't':
			term = optarg;
			break;
		case 'a':
			ascii = true;
			break;
		case 'z':
			zoom = true;
			break;
		case 'd':
			if ((dump = fopen(optarg, "w")) == NULL)
				die(optarg);
			break;
		default:
			fprintf(stderr, "usage: ptybench [-v] [-t TERM] [-a] "
					"[-d FILE] GAME\n");
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: ptybench [-v] [-t TERM] [-a] [-z] [-d "
				"FILE] GAME\n");
		return 2;
	}
	if (mkdtemp(state) == NULL)
		die("mkdtemp");
	gargv[g++] = argv[optind];
	gargv[g++] = "--seed";
	gargv[g++] = "1";
	if (ascii)
		gargv[g++] = "--ascii";
	gargv[g] = NULL;

	play(gargv, state, term, NULL, &plain);
	if (dump != NULL) {
		fclose(dump); /* the other runs' bytes are the same */
		dump = NULL;
	}
	counted = have_strace();
	if (counted) {
		snprintf(trace, sizeof trace, "%s/strace.log", state);
		snprintf(cmd, sizeof cmd, "rm -rf '%s'/ancients", state);
		if (system(cmd) != 0)
			counted = false;
		play(gargv, state, term, trace, &traced);
		for (i = 0; i <= NSTEPS; i++)
			if (traced.bytes[i] != plain.bytes[i])
				fprintf(stderr,
					"ptybench: step %zu wrote %ld bytes "
					"traced, %ld not\n",
					i, traced.bytes[i], plain.bytes[i]);
	}

	have_shm = mkdtemp(shm) != NULL;
	for (k = 0; have_shm && k < SHM_RUNS; k++) {
		play(gargv, shm, term, NULL, &nosync[k]);
		snprintf(cmd, sizeof cmd, "rm -rf '%s'/ancients", shm);
		if (system(cmd) != 0)
			fprintf(stderr, "ptybench: could not empty %s\n", shm);
	}
	if (have_shm) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", shm);
		if (system(cmd) != 0)
			fprintf(stderr, "ptybench: could not remove %s\n", shm);
	}
	printf("ptybench: 80x24, TERM=%s, LC_ALL=C.UTF-8%s, tutorial "
	       "--seed 1, %s map\n",
	       term, ascii ? ", --ascii" : "",
	       zoom ? "z: the other" : "the default");
	if (verbose) {
		printf("\n%-4s %-28s %-26s %7s %6s %8s\n", "step", "class",
		       "what", "bytes", "writes", "ms");
		printf("%-4d %-28s %-26s %7ld %6d %8.1f\n", 0,
		       class_names[K_START], "start", plain.bytes[0],
		       traced.writes[0], plain.secs[0] * 1e3);
		for (i = 0; i < NSTEPS; i++)
			printf("%-4zu %-28.28s %-26.26s %7ld %6d %8.1f\n",
			       i + 1, class_names[script[i].k], script[i].what,
			       plain.bytes[i + 1],
			       counted ? traced.writes[i + 1] : -1,
			       plain.secs[i + 1] * 1e3);
	}
	printf("\n| key class | n | bytes, median | min-max | write() "
	       "calls, median | max |\n|---|---:|---:|---:|---:|---:|\n");
	for (k = 0; k < K_COUNT; k++) {
		double b[MAXSTEPS + 1], w[MAXSTEPS + 1];
		double lo = 1e18, hi = 0, whi = 0;

		n = 0;
		for (i = 0; i <= NSTEPS; i++) {
			enum kclass c = i == 0 ? K_START : script[i - 1].k;

			if (c != (enum kclass)k)
				continue;
			b[n] = (double)plain.bytes[i];
			w[n] = counted ? traced.writes[i] : 0;
			lo = b[n] < lo ? b[n] : lo;
			hi = b[n] > hi ? b[n] : hi;
			whi = w[n] > whi ? w[n] : whi;
			n++;
		}
		if (n == 0 || k == K_OTHER)
			continue;
		if (counted)
			printf("| %s | %d | %.0f | %.0f-%.0f | %.0f | %.0f |\n",
			       class_names[k], n, median(b, n), lo, hi,
			       median(w, n), whi);
		else
			printf("| %s | %d | %.0f | %.0f-%.0f | - | - |\n",
			       class_names[k], n, median(b, n), lo, hi);
	}
	print_makeup(&plain);
	printf("\nfirst screen: %ld bytes in %.1f ms from the start\n",
	       plain.bytes[0], plain.secs[0] * 1e3);
	ms = enter_ms(&plain, 1, &n);
	printf("Enter to the screen showing a typed move: %.2f ms median of "
	       "%d (includes the save's fdatasync)\n",
	       ms, n);
	if (have_shm) {
		ms = enter_ms(nosync, SHM_RUNS, &n);
		printf("... the same, the saves on tmpfs (/dev/shm, no disk "
		       "to sync): %.2f ms median of %d in %d runs\n",
		       ms, n, SHM_RUNS);
	}
	printf("fdatasync of a line appended in the save directory: %.2f ms "
	       "median of 21\n",
	       disk_fdatasync(state) * 1e3);
	if (counted && traced.nfsync > 0) {
		double each[MAXSTEPS];

		for (k = 0; k < traced.nfsync; k++)
			each[k] = traced.fsync[k] * 1e3;
		printf("the game's own fdatasync calls (strace -T): %d, "
		       "%.2f ms median\n",
		       traced.nfsync, median(each, traced.nfsync));
	}
	printf("peak RSS of the game: %ld KiB\n", plain.maxrss_kb);
	if (!counted)
		printf("write() calls not counted: no strace\n");
	else
		printf("write() calls: strace -e trace=write of fd 1, second "
		       "run\n");
	if (!WIFEXITED(plain.status) || WEXITSTATUS(plain.status) != 0)
		printf("warning: the game ended with status %d\n",
		       plain.status);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", state);
	if (system(cmd) != 0)
		fprintf(stderr, "ptybench: could not remove %s\n", state);
	return 0;
}
