/*
 * Finding scenarios for the player: the built-in tutorial, files by path
 * and installed scenarios by short name; `--check` and `--list`.
 *
 * Installed scenarios are the NAME.ini files of one directory:
 * $ANCIENTS_SCENARIO_DIR when set and not empty; else, for the game run
 * from its build tree, the source tree's scenarios (named by the file
 * BUILD_MARKER the build writes next to the program); else SCENARIO_DIR
 * (the directory the build was configured to install them in).  So the
 * build-tree game and the installed one list the same scenarios.
 * Scenario errors go to
 * stderr as FILE:LINE: message, listings to stdout; on a terminal the
 * listing's summaries are cut to fit its width.
 */
#include "config.h"

#include "app/catalog.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/default_scenario.h"
#include "app/termtext.h"
#include "core/dirscan.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

#define DEFAULT_LABEL "built-in tutorial"
#define SCENARIO_SUFFIX ".ini"
#define BUILD_MARKER "ancients-build-scenarios"
#define DIR_MAX 4096 /* longest directory name read or resolved */

/* An installed scenario. */
struct entry {
	char *name; /* short name: the file name without .ini */
	char *path; /* directory and file name */
};

static bool
is_directory(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static char *build_scenario_dir(void);

char *
catalog_build_dir(const char *sub)
{
	char *scen = build_scenario_dir(), *slash, *p;
	size_t n;

	if (scen == NULL)
		return NULL;
	if ((slash = strrchr(scen, '/')) != NULL)
		*slash = '\0';
	n = strlen(scen) + strlen(sub) + 2;
	p = xmalloc(n);
	snprintf(p, n, "%s/%s", scen, sub);
	free(scen);
	if (!is_directory(p)) {
		free(p);
		return NULL;
	}
	return p;
}

/*
 * The source tree's scenario directory when the running program is the
 * one in the build tree (BUILD_MARKER beside it names the directory), or
 * NULL.  Installed, the program has no marker beside it.
 */
static char *
build_scenario_dir(void)
{
	char exe[DIR_MAX], line[DIR_MAX], *slash, *marker;
	ssize_t n;
	size_t len;
	FILE *f;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return NULL;
	*slash = '\0';
	len = strlen(exe) + sizeof "/" BUILD_MARKER;
	marker = xmalloc(len);
	snprintf(marker, len, "%s/%s", exe, BUILD_MARKER);
	f = fopen(marker, "r");
	free(marker);
	if (f == NULL)
		return NULL;
	if (fgets(line, sizeof line, f) == NULL) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	len = strcspn(line, "\r\n");
	line[len] = '\0';
	if (len == 0 || !is_directory(line))
		return NULL;
	return xstrdup(line);
}

/* Where the installed scenarios are (free() it). */
static char *
catalog_dir(void)
{
	const char *dir = getenv("ANCIENTS_SCENARIO_DIR");
	char *build;

	if (dir != NULL && *dir != '\0')
		return xstrdup(dir);
	if ((build = build_scenario_dir()) != NULL)
		return build;
	return xstrdup(SCENARIO_DIR);
}

/* A name with a '/' or ending in .ini is a path, not a short name. */
static bool
is_path(const char *name)
{
	return strchr(name, '/') != NULL ||
	       dirscan_has_suffix(name, SCENARIO_SUFFIX);
}

static bool
is_regular(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int
entry_compare(const void *a, const void *b)
{
	const struct entry *ea = a, *eb = b;

	return strcmp(ea->name, eb->name);
}

static void
entries_free(struct entry *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].path);
	}
	free(v);
}

/* An installed scenario: a regular NAME.ini file, not hidden. */
static bool
keep_scenario(const char *dir, const char *name, void *slot, void *arg)
{
	struct entry *e = slot;
	size_t len = strlen(name), m = strlen(SCENARIO_SUFFIX);
	char *raw;

	(void)arg;
	if (name[0] == '.' || len <= m ||
	    !dirscan_has_suffix(name, SCENARIO_SUFFIX))
		return false;
	e->path = dirscan_path(dir, name, "");
	if (!is_regular(e->path)) {
		free(e->path);
		return false;
	}
	/* The name as shown (safetext.h): a file name may hold anything. */
	raw = xstrndup(name, len - m);
	e->name = safetext_dup(raw, false);
	free(raw);
	return true;
}

/*
 * The installed scenarios of dir, sorted by name, in *out (free with
 * entries_free()).  Returns how many, or -1 if dir cannot be read.
 */
static long
catalog_scan(const char *dir, struct entry **out)
{
	const struct dirscan how = { .size = sizeof **out,
				     .keep = keep_scenario,
				     .cmp = entry_compare };
	long n;

	*out = dirscan(dir, &how, &n);
	return n;
}

long
catalog_installed(struct catalog_item **out)
{
	struct catalog_item *items;
	struct anc_errs errs;
	struct entry *v;
	char *dir = catalog_dir();
	long n, i;

	*out = NULL;
	n = catalog_scan(dir, &v);
	free(dir);
	if (n <= 0) {
		entries_free(v, 0);
		return n < 0 ? -1 : 0;
	}
	items = xcalloc((size_t)n, sizeof *items);
	for (i = 0; i < n; i++) {
		items[i].name = v[i].name;
		anc_errs_init(&errs);
		items[i].sc = scenario_load_file(v[i].path, &errs);
		anc_errs_done(&errs);
		free(v[i].path);
	}
	free(v);
	*out = items;
	return n;
}

void
catalog_items_free(struct catalog_item *v, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		scenario_free(v[i].sc);
	}
	free(v);
}

void
catalog_print_errors(const char *label, const struct anc_errs *errs)
{
	size_t i;

	for (i = 0; i < errs->n; i++) {
		if (errs->v[i].line > 0)
			fprintf(stderr, "%s:%d: %s\n", label, errs->v[i].line,
				errs->v[i].msg);
		else
			fprintf(stderr, "%s: %s\n", label, errs->v[i].msg);
	}
}

static struct scenario *
catalog_load_file(const char *path)
{
	struct anc_errs errs;
	struct scenario *sc;

	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	catalog_print_errors(path, &errs);
	anc_errs_done(&errs);
	return sc;
}

/* A short name that names no installed scenario: say which ones do. */
static void
catalog_unknown(const char *name, const char *dir)
{
	struct entry *v;
	long n, i;

	n = catalog_scan(dir, &v);
	if (n <= 0) {
		fprintf(stderr,
			"ancients: no scenario \"%s\": no scenarios "
			"are installed in %s\n",
			name, dir);
	} else {
		fprintf(stderr,
			"ancients: no scenario \"%s\" in %s; "
			"installed:",
			name, dir);
		for (i = 0; i < n; i++)
			fprintf(stderr, "%s %s", i > 0 ? "," : "", v[i].name);
		fprintf(stderr, "\n");
	}
	entries_free(v, n > 0 ? (size_t)n : 0);
}

struct scenario *
catalog_open(const char *name)
{
	struct anc_errs errs;
	struct scenario *sc;
	char *dir, *path;

	if (name == NULL) {
		anc_errs_init(&errs);
		sc = scenario_load_text(default_scenario,
					sizeof default_scenario - 1, &errs);
		catalog_print_errors(DEFAULT_LABEL, &errs);
		anc_errs_done(&errs);
		return sc;
	}
	if (is_path(name))
		return catalog_load_file(name);
	dir = catalog_dir();
	path = dirscan_path(dir, name, SCENARIO_SUFFIX);
	if (is_regular(path))
		sc = catalog_load_file(path);
	else if (is_regular(name)) /* a file of another suffix: case1.scn */
		sc = catalog_load_file(name);
	else {
		catalog_unknown(name, dir);
		sc = NULL;
	}
	free(path);
	free(dir);
	return sc;
}

int
catalog_check(char *const *paths, int n)
{
	struct scenario *sc;
	int i, status = 0;

	for (i = 0; i < n; i++) {
		if ((sc = catalog_load_file(paths[i])) == NULL)
			status = 1;
		scenario_free(sc);
	}
	return status;
}

/* Columns of --list: name, title, date, then the summary. */
static int
column_width(int width, const char *s)
{
	int n = (int)strlen(s);

	return n > width ? n : width;
}

/* Prints s in at most width columns (bytes of ASCII), "..." if cut. */
static void
print_cut(const char *s, int width)
{
	int n = (int)strlen(s);

	if (width <= 0 || n <= width) {
		printf("%s\n", s);
		return;
	}
	if (width < 4) {
		printf("\n");
		return;
	}
	n = width - 3;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	printf("%.*s...\n", n, s);
}

int
catalog_list(void)
{
	struct scenario **sc;
	struct anc_errs errs;
	struct entry *v;
	char *dir = catalog_dir();
	int wname = 0, wtitle = 0, wdate = 0, status = 0;
	int columns = termtext_width();
	long n, i;
	int e;

	errno = 0;
	n = catalog_scan(dir, &v);
	e = errno;
	if (n < 0)
		fprintf(stderr,
			"ancients: cannot read the scenario directory "
			"%s: %s\n",
			dir, strerror(e));
	else if (n == 0)
		fprintf(stderr, "ancients: no scenarios are installed in %s\n",
			dir);
	if (n <= 0) {
		entries_free(v, 0);
		free(dir);
		return 1;
	}
	sc = xcalloc((size_t)n, sizeof *sc);
	for (i = 0; i < n; i++) {
		anc_errs_init(&errs);
		sc[i] = scenario_load_file(v[i].path, &errs);
		anc_errs_done(&errs);
		wname = column_width(wname, v[i].name);
		if (sc[i] == NULL) {
			status = 1;
			continue;
		}
		wtitle = column_width(wtitle, sc[i]->title);
		wdate = column_width(wdate, sc[i]->date);
	}
	for (i = 0; i < n; i++) {
		if (sc[i] == NULL) {
			char *shown = safetext_dup(v[i].path, false);

			printf("%-*s  (has errors: see ancients --check %s)\n",
			       wname, v[i].name, shown);
			free(shown);
		} else {
			printf("%-*s  %-*s  %-*s  ", wname, v[i].name, wtitle,
			       sc[i]->title, wdate, sc[i]->date);
			print_cut(sc[i]->summary,
				  columns == 0
				      ? 0
				      : columns - 1 -
					    (wname + wtitle + wdate + 6));
		}
		scenario_free(sc[i]);
	}
	free(sc);
	entries_free(v, (size_t)n);
	free(dir);
	return status;
}
