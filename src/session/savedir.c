/*
 * The save directory: finding it by the XDG rules, making it 0700,
 * turning save names into paths (never accepting a path for a name),
 * naming autosaves and listing what is there.
 */
#include "config.h"

#include "session/savedir.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/dirscan.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

/* At most 40 bytes of s for a message, made visible as all file text is. */
#define SHOWN_MAX 40

static void
printable(const char *s, char *out, size_t outlen)
{
	safetext_excerpt(out, outlen, s, strlen(s), SHOWN_MAX);
}

/* mkdir -p with mode 0700 for whatever is missing. */
static int
make_dirs(const char *path, char *err, size_t errlen)
{
	char *p = xstrdup(path), *s, c;
	struct stat st;
	int r = 0;

	for (s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		c = *s;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", p,
				 strerror(errno));
			r = -1;
		} else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen,
				 "%s exists and is not a directory", p);
			r = -1;
		}
		*s = c;
		if (r != 0 || c == '\0')
			break;
	}
	free(p);
	return r;
}

/* Whether name is a temporary file of a save: ".NAME.XXXXXX", as
 * mkstemp() makes them beside the save they replace. */
static bool
is_save_temp(const char *name)
{
	const char *dot = strrchr(name, '.');
	size_t i;

	if (name[0] != '.' || dot == NULL || dot == name ||
	    strlen(dot + 1) != 6)
		return false;
	for (i = 1; dot[i] != '\0'; i++)
		if (!((dot[i] >= 'a' && dot[i] <= 'z') ||
		      (dot[i] >= 'A' && dot[i] <= 'Z') ||
		      (dot[i] >= '0' && dot[i] <= '9')))
			return false;
	return dot - name > 1;
}

/*
 * Removes name if it is a temporary file a save killed half-way left
 * behind: ours, regular, and older than SAVEDIR_TEMP_STALE_S (a save in
 * progress in another game takes milliseconds).  Best effort: errors
 * are ignored.
 */
static bool
remove_if_stale(const char *dir, const char *name, void *slot, void *arg)
{
	const time_t *now = arg;
	struct stat st;
	char *path;

	(void)slot;
	if (!is_save_temp(name))
		return false;
	path = dirscan_path(dir, name, "");
	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid() && *now - st.st_mtime > SAVEDIR_TEMP_STALE_S)
		unlink(path);
	free(path);
	return false;
}

static void
clean_stale(const char *dir)
{
	time_t now = time(NULL);
	const struct dirscan how = { .keep = remove_if_stale, .arg = &now };
	long n;

	(void)dirscan(dir, &how, &n); /* keeps nothing */
}

/*
 * A save directory that exists must be the player's own: saves hold
 * games to resume, and another user's directory could hand us theirs.
 * Returns 0 (also when it does not exist), or -1 with the reason in err.
 */
static int
check_owner(const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (stat(dir, &st) != 0)
		return 0;
	if (st.st_uid != geteuid()) {
		snprintf(
		    err, errlen,
		    "the save directory %s belongs to another user (uid %ld), "
		    "not to you (uid %ld): set XDG_STATE_HOME to a directory "
		    "of your own",
		    dir, (long)st.st_uid, (long)geteuid());
		return -1;
	}
	return 0;
}

int
savedir_path(char *buf, size_t len, bool create, char *err, size_t errlen)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home;
	struct passwd *pw;
	int n;

	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, len, "%s/ancients", xdg);
	else {
		home = getenv("HOME");
		if (home == NULL || home[0] != '/') {
			pw = getpwuid(getuid());
			home = pw != NULL ? pw->pw_dir : NULL;
		}
		if (home == NULL || home[0] != '/') {
			snprintf(
			    err, errlen,
			    "cannot find the home directory for saves: set "
			    "HOME or XDG_STATE_HOME");
			return -1;
		}
		n = snprintf(buf, len, "%s/.local/state/ancients", home);
	}
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, "the save directory's path is too long");
		return -1;
	}
	if (create && make_dirs(buf, err, errlen) != 0)
		return -1;
	if (check_owner(buf, err, errlen) != 0)
		return -1;
	clean_stale(buf);
	return 0;
}

int
savedir_check_name(const char *name, char *err, size_t errlen)
{
	char shown[SAFETEXT_EXCERPT_SIZE(SHOWN_MAX)];
	size_t i;

	if (name[0] == '\0') {
		snprintf(err, errlen, "a save needs a name");
		return -1;
	}
	printable(name, shown, sizeof shown);
	for (i = 0; name[i] != '\0'; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_' ||
		      c == '.')) {
			snprintf(err, errlen,
				 "\"%s\" is not a save name: use only letters, "
				 "digits, '-', '_' and '.'",
				 shown);
			return -1;
		}
	}
	if (name[0] == '.') {
		snprintf(err, errlen,
			 "\"%s\" is not a save name: it may not start with '.'",
			 shown);
		return -1;
	}
	if (i > SAVEDIR_NAME_MAX) {
		snprintf(err, errlen, "a save name has at most %d characters",
			 SAVEDIR_NAME_MAX);
		return -1;
	}
	return 0;
}

int
savedir_name_path(const char *name, bool create, char *buf, size_t len,
		  char *err, size_t errlen)
{
	char dir[4096];
	int n;

	if (savedir_check_name(name, err, errlen) != 0 ||
	    savedir_path(dir, sizeof dir, create, err, errlen) != 0)
		return -1;
	n = snprintf(buf, len, "%s/%s%s", dir, name,
		     dirscan_has_suffix(name, SAVEDIR_SUFFIX) ? ""
							      : SAVEDIR_SUFFIX);
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, "the save's path is too long");
		return -1;
	}
	return 0;
}

int
savedir_autosave_path(char *buf, size_t len, char *err, size_t errlen)
{
	char dir[4096], stamp[32];
	struct stat st;
	struct tm tm;
	time_t now = time(NULL);
	int n, i;

	if (savedir_path(dir, sizeof dir, true, err, errlen) != 0)
		return -1;
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	for (i = 1; i < 1000; i++) {
		if (i == 1)
			n = snprintf(buf, len, "%s/%s%s-%ld%s", dir,
				     SAVEDIR_AUTOSAVE_PREFIX, stamp,
				     (long)getpid(), SAVEDIR_SUFFIX);
		else
			n = snprintf(buf, len, "%s/%s%s-%ld-%d%s", dir,
				     SAVEDIR_AUTOSAVE_PREFIX, stamp,
				     (long)getpid(), i, SAVEDIR_SUFFIX);
		if (n < 0 || (size_t)n >= len) {
			snprintf(err, errlen, "the save's path is too long");
			return -1;
		}
		if (lstat(buf, &st) != 0 && errno == ENOENT)
			return 0;
	}
	snprintf(err, errlen, "cannot find a free autosave name in %s", dir);
	return -1;
}

int
savedir_resolve(const char *arg, char *buf, size_t len, char *err,
		size_t errlen)
{
	char dir[4096], why[256], shown[SAFETEXT_EXCERPT_SIZE(SHOWN_MAX)];
	struct stat st;

	if (stat(arg, &st) == 0 || strchr(arg, '/') != NULL ||
	    savedir_check_name(arg, why, sizeof why) != 0) {
		if (strlen(arg) >= len) {
			snprintf(err, errlen, "the save's path is too long");
			return -1;
		}
		strcpy(buf, arg);
		return 0;
	}
	if (savedir_name_path(arg, false, buf, len, err, errlen) != 0)
		return -1;
	if (stat(buf, &st) == 0)
		return 0;
	printable(arg, shown, sizeof shown);
	if (savedir_path(dir, sizeof dir, false, err, errlen) == 0)
		snprintf(err, errlen,
			 "no save \"%s\": no such file here or in %s", shown,
			 dir);
	return -1;
}

static int
entry_cmp(const void *a, const void *b)
{
	const struct save_entry *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec > y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec > y->mtime.tv_nsec ? -1 : 1;
	return -strcmp(x->path, y->path);
}

/* A save: a regular *.save file, not hidden. */
static bool
keep_save(const char *dir, const char *name, void *slot, void *arg)
{
	struct save_entry *e = slot;
	struct stat st;

	(void)arg;
	if (name[0] == '.' || !dirscan_has_suffix(name, SAVEDIR_SUFFIX))
		return false;
	e->path = dirscan_path(dir, name, "");
	if (stat(e->path, &st) != 0 || !S_ISREG(st.st_mode)) {
		free(e->path);
		return false;
	}
	e->mtime = st.st_mtim;
	e->autosave = strncmp(name, SAVEDIR_AUTOSAVE_PREFIX,
			      strlen(SAVEDIR_AUTOSAVE_PREFIX)) == 0;
	return true;
}

int
savedir_scan(struct save_entry **out, size_t *n, char *err, size_t errlen)
{
	const struct dirscan how = { .size = sizeof **out,
				     .keep = keep_save,
				     .cmp = entry_cmp };
	char dir[4096];
	long k;

	*out = NULL;
	*n = 0;
	if (savedir_path(dir, sizeof dir, false, err, errlen) != 0)
		return -1;
	*out = dirscan_listing(dir, &how, &k, err, errlen);
	if (k < 0)
		return -1;
	*n = (size_t)k;
	return 0;
}

void
savedir_entries_free(struct save_entry *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].path);
	free(v);
}
