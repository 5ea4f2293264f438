/*
 * Shared games' figures (docs/shared-games.md): how long a command takes
 * from one player's process to the other's, and what a waiting player
 * costs.
 *
 *	bench/shared [-n COMMANDS] [-i IDLE_SECONDS] SCENARIO.ini
 *
 * Two processes share one game in a directory of their own: the host
 * says N lines, each carrying CLOCK_MONOTONIC (system-wide) when it was
 * given, 20 ms apart; the other waits with shared_wait() and, as it plays
 * each line, takes the time again.  Latency is from just before
 * shared_apply() (lock, follow, write, fdatasync) to the line played in
 * the other process: median and 99th percentile.  Then the waiting side
 * waits IDLE_SECONDS with nothing written, and its CPU time is measured.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/command.h"
#include "core/err.h"
#include "core/event.h"
#include "core/readfile.h"
#include "core/xmalloc.h"
#include "session/session.h"
#include "session/seat.h"
#include "session/shared.h"

static int64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static double
cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static int
by_value(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void
die(const char *what, const char *why)
{
	fprintf(stderr, "bench/shared: %s: %s\n", what, why);
	exit(1);
}

/* The waiting side: plays what comes, timing each say line. */
static int
follower(int n, int idle)
{
	struct shared *sh = NULL;
	struct events ev;
	struct stat st;
	char err[1024], path[4200];
	int64_t *lat = xcalloc((size_t)n, sizeof *lat), t;
	double cpu0;
	int got = 0, i, tries;

	snprintf(path, sizeof path, "%s/bench.journal",
		 getenv("ANCIENTS_SHARED_DIR"));
	for (tries = 0; stat(path, &st) != 0 && tries < 1000; tries++)
		usleep(10000);
	for (tries = 0; (sh = shared_open("bench", NULL, false, NULL, err,
					  sizeof err)) == NULL &&
			tries < 100;
	     tries++)
		usleep(10000); /* the host may not hold its side yet */
	if (sh == NULL)
		die("join", err);
	events_init(&ev);
	while (got < n) {
		shared_wait(sh, 1000);
		events_clear(&ev);
		if (shared_follow(sh, &ev, err, sizeof err) < 0)
			die("follow", err);
		t = now_ns();
		for (i = 0; i < ev.n && got < n; i++) {
			const char *p = strstr(ev.v[i].text, "t=");

			if (ev.v[i].kind == EV_SAY && p != NULL)
				lat[got++] = t - strtoll(p + 2, NULL, 10);
		}
	}
	qsort(lat, (size_t)n, sizeof *lat, by_value);
	printf("propagation, %d commands: median %.2f ms, p99 %.2f ms, "
	       "max %.2f ms\n",
	       n, lat[n / 2] / 1e6, lat[(n * 99) / 100] / 1e6,
	       lat[n - 1] / 1e6);
	cpu0 = cpu_seconds();
	t = now_ns();
	while (now_ns() - t < (int64_t)idle * 1000000000) {
		shared_wait(sh, 1000);
		events_clear(&ev);
		shared_follow(sh, &ev, err, sizeof err);
	}
	printf("a waiting player (%s), %d s with nothing written: %.4f s CPU "
	       "(%.4f%%)\n",
	       shared_fd(sh) >= 0 ? "inotify" : "polling", idle,
	       cpu_seconds() - cpu0, 100 * (cpu_seconds() - cpu0) / idle);
	fflush(stdout);
	events_done(&ev);
	shared_close(sh);
	free(lat);
	return 0;
}

int
main(int argc, char **argv)
{
	struct anc_errs errs;
	struct session *s;
	struct shared *sh;
	struct events ev, other;
	struct command c;
	char dir[] = "/tmp/ancients-bench-shared.XXXXXX", err[1024], line[64],
	     cmd[512];
	char *text;
	size_t len;
	int n = 200, idle = 5, opt, status, i;
	pid_t pid;

	while ((opt = getopt(argc, argv, "n:i:")) != -1) {
		if (opt == 'n')
			n = atoi(optarg);
		else if (opt == 'i')
			idle = atoi(optarg);
		else
			return 2;
	}
	if (optind != argc - 1 || n < 1 || idle < 0) {
		fprintf(stderr, "usage: bench/shared [-n N] [-i SECONDS] "
				"SCENARIO.ini\n");
		return 2;
	}
	if (mkdtemp(dir) == NULL)
		die("mkdtemp", strerror(errno));
	setenv("ANCIENTS_SHARED_DIR", dir, 1);
	(void)seat_set_player("bench", NULL, 0);
	fflush(stdout);
	if ((pid = fork()) == 0)
		return follower(n, idle);
	anc_errs_init(&errs);
	if (readfile(argv[optind], 1 << 20, "", &text, &len, &errs) != 0)
		die(argv[optind], "cannot be read");
	if ((s = session_new(text, len, argv[optind], 1, &errs)) == NULL)
		die(argv[optind], "does not load");
	anc_errs_done(&errs);
	free(text);
	if ((sh = shared_open("bench", s, false, NULL, err, sizeof err)) ==
	    NULL)
		die("host", err);
	usleep(300000); /* the other side sits down */
	events_init(&ev);
	events_init(&other);
	for (i = 0; i < n; i++) {
		usleep(20000);
		snprintf(line, sizeof line, "say t=%" PRId64, now_ns());
		if (command_parse(session_scenario(s), line, &c, cmd,
				  sizeof cmd) != 1)
			die("say", cmd);
		events_clear(&ev);
		events_clear(&other);
		if (shared_apply(sh, &c, &other, &ev, cmd, sizeof cmd) !=
		    SESSION_OK)
			die("say", cmd);
	}
	waitpid(pid, &status, 0);
	events_done(&ev);
	events_done(&other);
	shared_close(sh);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		return 1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
