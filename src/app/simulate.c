/*
 * The simulator (simulate.h).  Games are shared out among worker
 * processes by index; every game's seed depends only on the run's seed
 * and its index, and the parent sums the results by index, so the totals
 * are the same whatever the number of workers.
 */
#include "config.h"

#include "app/simulate.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/catalog.h"
#include "core/event.h"
#include "core/xmalloc.h"

#define GAME_COMMANDS_MAX 200000

uint64_t
simulate_seed(uint64_t seed, int i)
{
	return ai_seed_for(seed, 1000 + i);
}

int
simulate_game(struct game *g, struct ai *first, struct ai *second,
	      struct sim_result *res)
{
	struct events ev;
	struct command c;
	char why[256];
	int k, side;

	events_init(&ev);
	res->winner = -2;
	for (k = 0; k < GAME_COMMANDS_MAX && !g->over; k++) {
		side = game_side_to_act(g);
		if (ai_choose(side == 0 ? first : second, g, &c) != 0)
			break;
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
			char text[256];

			command_format(g->sc, &c, text, sizeof text);
			fprintf(stderr, "ancients: %s refused: %s\n", text,
				why);
			break;
		}
	}
	events_done(&ev);
	res->turns = g->turn;
	res->end = g->end;
	if (!g->over)
		return -1;
	res->winner = g->winner;
	return 0;
}

struct player {
	enum ai_kind kind;
	int level;
	char name[16];
};

/* The options of --simulate (options.h has the rest of the command line). */
struct sim_options {
	int n;
	int jobs;
	uint64_t seed;
	bool swap;
	bool tsv;
	int level;
	struct player p[2];
};

static int
parse_player(const char *word, int default_level, struct player *p)
{
	p->level = default_level;
	if (ai_kind_parse(word, &p->kind, &p->level) != 0)
		return -1;
	if (p->kind == AI_SEARCH)
		snprintf(p->name, sizeof p->name, "ai%d", p->level);
	else
		snprintf(p->name, sizeof p->name, "%s", word);
	return 0;
}

static void
play_one(const struct scenario *sc, const struct sim_options *o, int si, int i,
	 struct sim_result *res)
{
	uint64_t seed = simulate_seed(o->seed, i);
	int swapped = i >= o->n, s;
	const struct player *pl[2];
	struct ai *ai[2];
	struct game *g = game_new(sc, seed);

	pl[0] = &o->p[swapped];
	pl[1] = &o->p[!swapped];
	for (s = 0; s < 2; s++)
		ai[s] = ai_new(pl[s]->kind, pl[s]->level, ai_seed_for(seed, s));
	memset(res, 0, sizeof *res);
	simulate_game(g, ai[0], ai[1], res);
	res->scenario = si;
	res->game = i;
	res->swapped = swapped;
	ai_free(ai[0]);
	ai_free(ai[1]);
	game_free(g);
}

static void
wilson(double wins, int n, double *lo, double *hi)
{
	double z = 1.96, p, d, c, w;

	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = wins / n;
	d = 1 + z * z / n;
	c = (p + z * z / (2.0 * n)) / d;
	w = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
	*lo = c - w < 0 ? 0 : c - w;
	*hi = c + w > 1 ? 1 : c + w;
}

static void
progress(int done, int total)
{
	int width = 40, k, fill = total > 0 ? done * width / total : width;

	fputc('\r', stderr);
	fputc('[', stderr);
	for (k = 0; k < width; k++)
		fputc(k < fill ? '#' : '.', stderr);
	fprintf(stderr, "] %d/%d", done, total);
	if (done == total)
		fputc('\n', stderr);
	fflush(stderr);
}

/* Plays every game of every scenario in jobs workers; fills res by index. */
static int
run_games(struct scenario **scs, int nsc, const struct sim_options *o,
	  struct sim_result *res)
{
	int per = o->n * (o->swap ? 2 : 1), total = per * nsc, done = 0;
	int fds[2], j, k, jobs = o->jobs, status, bad = 0;
	bool tty = isatty(STDERR_FILENO);
	struct sim_result r;
	pid_t *pids;
	ssize_t got;

	if (jobs > total)
		jobs = total > 0 ? total : 1;
	if (pipe(fds) != 0) {
		fprintf(stderr, "ancients: pipe: %s\n", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pids = xcalloc((size_t)jobs, sizeof *pids);
	for (j = 0; j < jobs; j++) {
		if ((pids[j] = fork()) < 0) {
			fprintf(stderr, "ancients: fork: %s\n",
				strerror(errno));
			jobs = j;
			bad = 1;
			break;
		}
		if (pids[j] == 0) {
			close(fds[0]);
			for (k = j; k < total; k += jobs) {
				play_one(scs[k / per], o, k / per, k % per, &r);
				if (write(fds[1], &r, sizeof r) !=
				    (ssize_t)sizeof r)
					_exit(2);
			}
			_exit(0);
		}
	}
	close(fds[1]);
	while (done < total &&
	       (got = read(fds[0], &r, sizeof r)) == (ssize_t)sizeof r) {
		res[r.scenario * per + r.game] = r;
		done++;
		if (tty)
			progress(done, total);
	}
	close(fds[0]);
	for (j = 0; j < jobs; j++) {
		if (waitpid(pids[j], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			bad = 1;
	}
	free(pids);
	if (done < total)
		bad = 1;
	return bad ? -1 : 0;
}

struct tally {
	int games, wins[2], draws, refused;
	double score[2]; /* by player: o->p[0], o->p[1] */
	double side_score[2];
	long turns;
	int ends[END_SHARE_DRAW + 1];
};

static void
tally_scenario(const struct sim_result *res, int per, struct tally *t)
{
	int k, pw;

	memset(t, 0, sizeof *t);
	for (k = 0; k < per; k++) {
		const struct sim_result *r = &res[k];

		t->games++;
		t->turns += r->turns;
		if (r->winner == -2) {
			t->refused++;
			continue;
		}
		t->ends[r->end]++;
		if (r->winner < 0) {
			t->draws++;
			t->score[0] += 0.5;
			t->score[1] += 0.5;
			t->side_score[0] += 0.5;
			t->side_score[1] += 0.5;
			continue;
		}
		t->wins[r->winner]++;
		t->side_score[r->winner] += 1;
		pw = r->swapped ? !r->winner : r->winner;
		t->score[pw] += 1;
	}
}

static void
print_text(const struct scenario *sc, const struct sim_options *o,
	   const struct tally *t)
{
	double lo, hi;
	int s;

	printf("%s: %d games, %s (%s) against %s (%s)%s\n", sc->title, t->games,
	       o->p[0].name, sc->sides[0].key, o->p[1].name, sc->sides[1].key,
	       o->swap ? ", and swapped" : "");
	for (s = 0; s < 2; s++) {
		wilson(t->side_score[s], t->games, &lo, &hi);
		printf("  %-10s wins %d, score %.1f%% (95%% %.1f-%.1f%%)\n",
		       sc->sides[s].key, t->wins[s],
		       100.0 * t->side_score[s] / t->games, 100 * lo, 100 * hi);
	}
	printf("  draws %d\n", t->draws);
	for (s = 0; s < 2; s++) {
		wilson(t->score[s], t->games, &lo, &hi);
		printf("  player %-6s score %.1f%% (95%% %.1f-%.1f%%)\n",
		       o->p[s].name, 100.0 * t->score[s] / t->games, 100 * lo,
		       100 * hi);
	}
	printf("  average length %.2f turns\n",
	       t->games ? (double)t->turns / t->games : 0.0);
	printf("  ended: breakpoint %d, turn limit %d, victory hexes %d\n",
	       t->ends[END_BREAKPOINT] + t->ends[END_BOTH_BROKEN],
	       t->ends[END_SHARE] + t->ends[END_SHARE_DRAW],
	       t->ends[END_VICTORY_HEXES]);
	if (t->refused > 0)
		printf("  refused commands: %d games (a bug)\n", t->refused);
}

static void
print_tsv_header(void)
{
	printf("scenario\tgames\tplayer1\tplayer2\tside1\tside2\twins1\t"
	       "wins2\tdraws\tscore1\tlo1\thi1\tscore2\tlo2\thi2\t"
	       "avg_turns\tend_breakpoint\tend_turn_limit\tend_victory_hexes\t"
	       "refused\n");
}

static void
print_tsv(const char *name, const struct scenario *sc,
	  const struct sim_options *o, const struct tally *t)
{
	double lo[2], hi[2];
	int s;

	for (s = 0; s < 2; s++)
		wilson(t->score[s], t->games, &lo[s], &hi[s]);
	printf("%s\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t"
	       "%.4f\t%.4f\t%.4f\t%.3f\t%d\t%d\t%d\t%d\n",
	       name, t->games, o->p[0].name, o->p[1].name, sc->sides[0].key,
	       sc->sides[1].key, t->wins[0], t->wins[1], t->draws,
	       t->games ? t->score[0] / t->games : 0, lo[0], hi[0],
	       t->games ? t->score[1] / t->games : 0, lo[1], hi[1],
	       t->games ? (double)t->turns / t->games : 0,
	       t->ends[END_BREAKPOINT] + t->ends[END_BOTH_BROKEN],
	       t->ends[END_SHARE] + t->ends[END_SHARE_DRAW],
	       t->ends[END_VICTORY_HEXES], t->refused);
}

static int
usage_error(const char *msg)
{
	fprintf(stderr,
		"ancients: %s\n"
		"usage: ancients --simulate N [--players P,Q] [--ai-level L] "
		"[--jobs J]\n"
		"                [--seed S] [--swap] [--format text|tsv] "
		"SCENARIO...\n"
		"players: ai, ai1, ai2, ai3, greedy, random\n",
		msg);
	return 64; /* bad arguments (EX_USAGE), as everywhere else */
}

static int
parse_int(const char *s, int min, int max, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
		return -1;
	*out = (int)v;
	return 0;
}

int
simulate_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "simulate", required_argument, NULL, 'n' },
		{ "players", required_argument, NULL, 'p' },
		{ "ai-level", required_argument, NULL, 'l' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "seed", required_argument, NULL, 's' },
		{ "swap", no_argument, NULL, 'w' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 }
	};
	struct sim_options o;
	const char *players = "ai,ai";
	char pbuf[64], *comma, *end;
	struct scenario **scs;
	struct sim_result *res;
	struct tally t;
	int ch, i, per, status = 0;
	long cores;

	memset(&o, 0, sizeof o);
	o.level = AI_LEVEL_DEFAULT;
	o.seed = 1;
	cores = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = cores > 0 ? (int)cores : 1;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n':
			if (parse_int(optarg, 1, 10000000, &o.n) != 0)
				return usage_error("--simulate takes a number "
						   "of games, 1 or more");
			break;
		case 'p':
			players = optarg;
			break;
		case 'l':
			if (parse_int(optarg, AI_LEVEL_MIN, AI_LEVEL_MAX,
				      &o.level) != 0)
				return usage_error("--ai-level takes 1, 2 "
						   "or 3");
			break;
		case 'j':
			if (parse_int(optarg, 1, 1024, &o.jobs) != 0)
				return usage_error("--jobs takes a number "
						   "from 1 to 1024");
			break;
		case 's':
			errno = 0;
			o.seed = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    optarg[0] == '-')
				return usage_error("--seed takes a decimal "
						   "number");
			break;
		case 'w':
			o.swap = true;
			break;
		case 'f':
			if (strcmp(optarg, "tsv") == 0)
				o.tsv = true;
			else if (strcmp(optarg, "text") == 0)
				o.tsv = false;
			else
				return usage_error("--format takes text or "
						   "tsv");
			break;
		default:
			return usage_error("unknown option");
		}
	}
	snprintf(pbuf, sizeof pbuf, "%s", players);
	if ((comma = strchr(pbuf, ',')) == NULL)
		return usage_error("--players takes two names: P,Q");
	*comma = '\0';
	if (parse_player(pbuf, o.level, &o.p[0]) != 0 ||
	    parse_player(comma + 1, o.level, &o.p[1]) != 0)
		return usage_error("unknown player in --players");
	argc -= optind;
	argv += optind;
	if (argc < 1)
		return usage_error("--simulate needs at least one scenario");
	scs = xcalloc((size_t)argc, sizeof *scs);
	for (i = 0; i < argc; i++) {
		if ((scs[i] = catalog_open(argv[i])) == NULL) {
			while (i-- > 0)
				scenario_free(scs[i]);
			free(scs);
			return 1;
		}
	}
	per = o.n * (o.swap ? 2 : 1);
	res = xcalloc((size_t)per * (size_t)argc, sizeof *res);
	if (run_games(scs, argc, &o, res) != 0) {
		fprintf(stderr, "ancients: a simulation worker failed\n");
		status = 1;
	}
	if (o.tsv)
		print_tsv_header();
	for (i = 0; i < argc; i++) {
		tally_scenario(res + (size_t)i * per, per, &t);
		if (t.refused > 0)
			status = 1;
		if (o.tsv)
			print_tsv(argv[i], scs[i], &o, &t);
		else
			print_text(scs[i], &o, &t);
	}
	for (i = 0; i < argc; i++)
		scenario_free(scs[i]);
	free(scs);
	free(res);
	return status;
}
