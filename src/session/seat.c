/*
 * Identities and seat files (seat.h).  A seat file holds one line,
 * "UID PLAYER LOGIN", written once by the game with O_EXCL; only the game
 * can write in a set-group-ID install's directory, so the binding holds
 * for the life of the game.
 */
#include "config.h"

#include "session/seat.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session/privilege.h"

/* The --player name; process-wide, as the uid it goes with. */
static char player_name[SEAT_NAME_MAX + 1];

static bool
name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

int
seat_set_player(const char *name, char *err, size_t errlen)
{
	size_t i;

	player_name[0] = '\0';
	if (name == NULL)
		return 0;
	for (i = 0; name[i] != '\0'; i++)
		if (!name_char(name[i]) || i >= SEAT_NAME_MAX) {
			snprintf(err, errlen,
				 "--player takes 1 to %d letters, digits, "
				 ".,- and _",
				 SEAT_NAME_MAX);
			return -1;
		}
	if (i == 0) {
		snprintf(err, errlen, "--player needs a name");
		return -1;
	}
	snprintf(player_name, sizeof player_name, "%s", name);
	return 0;
}

/* src made of name characters into dst ("someone" when none is left). */
static void
safe_name(const char *src, char *dst, size_t len)
{
	size_t i, o = 0;

	for (i = 0; src[i] != '\0' && o + 1 < len; i++)
		if (name_char(src[i]))
			dst[o++] = src[i];
	if (o == 0)
		o = (size_t)snprintf(dst, len, "someone");
	dst[o] = '\0';
}

/*
 * How a player is shown: his name, unless it is the login of another
 * account on the host, which nobody may appear as: then PLAYER@LOGIN.
 */
static void
shown_of(const char *player, const char *login, long uid, char *buf,
	 size_t len)
{
	struct passwd *pw;

	if (strcmp(player, login) == 0 ||
	    (pw = getpwnam(player)) == NULL || (long)pw->pw_uid == uid)
		snprintf(buf, len, "%s", player);
	else
		snprintf(buf, len, "%s@%s", player, login);
}

void
seat_identity(struct seat_id *id)
{
	struct passwd *pw;
	char uidtext[32];

	memset(id, 0, sizeof *id);
	id->uid = (long)getuid();
	/* The password database, never LOGNAME: the environment is the
	 * player's to set. */
	pw = getpwuid(getuid());
	snprintf(uidtext, sizeof uidtext, "uid%ld", id->uid);
	safe_name(pw != NULL ? pw->pw_name : uidtext, id->login,
		  sizeof id->login);
	snprintf(id->player, sizeof id->player, "%s",
		 player_name[0] != '\0' ? player_name : id->login);
	shown_of(id->player, id->login, id->uid, id->shown,
		 sizeof id->shown);
}

void
seat_file(const char *game, const char *key, char *buf, size_t len)
{
	snprintf(buf, len, "%s.%s.seat", game, key);
}

/* Reads a seat file: 1 with its uid and names, 0 none, -1 not ours. */
static int
read_seat(int dirfd, const char *game, const char *key, long *uid,
	  char *player, char *login)
{
	char name[128], text[160], p[SEAT_NAME_MAX + 1], l[SEAT_NAME_MAX + 1];
	ssize_t n;
	int fd;

	seat_file(game, key, name, sizeof name);
	if ((fd = privilege_openat(dirfd, name, O_RDONLY, 0)) < 0)
		return errno == ENOENT ? 0 : -1;
	n = pread(fd, text, sizeof text - 1, 0);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	if (sscanf(text, "%ld %32s %32s", uid, p, l) != 3)
		return -1;
	safe_name(p, player, SEAT_NAME_MAX + 1);
	safe_name(l, login, SEAT_NAME_MAX + 1);
	return 1;
}


int
seat_claim(int dirfd, const char *game, const char *key,
	   const struct seat_id *id, char *holder, size_t holderlen)
{
	char name[128], text[160], player[SEAT_NAME_MAX + 1],
	    login[SEAT_NAME_MAX + 1];
	long uid;
	int fd, n, r;

	seat_file(game, key, name, sizeof name);
	fd = privilege_openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL, 0660);
	if (fd >= 0) {
		n = snprintf(text, sizeof text, "%ld %s %s\n", id->uid,
			     id->player, id->login);
		if (pwrite(fd, text, (size_t)n, 0) != n || fsync(fd) != 0) {
			close(fd);
			return -1;
		}
		close(fd);
		return 0;
	}
	if (errno != EEXIST)
		return -1;
	if ((r = read_seat(dirfd, game, key, &uid, player, login)) <= 0) {
		if (r == 0)
			errno = ENOENT;
		return -1;
	}
	if (uid == id->uid && strcmp(player, id->player) == 0)
		return 0;
	shown_of(player, login, uid, holder, holderlen);
	return 1;
}

int
seat_owner(int dirfd, const char *game, const char *key, char *who,
	   size_t wholen)
{
	char player[SEAT_NAME_MAX + 1], login[SEAT_NAME_MAX + 1];
	long uid;
	int r;

	if (wholen > 0)
		who[0] = '\0';
	if ((r = read_seat(dirfd, game, key, &uid, player, login)) <= 0)
		return r;
	shown_of(player, login, uid, who, wholen);
	return 1;
}

bool
seat_is(int dirfd, const char *game, const char *key, long uid,
	const char *player)
{
	char p[SEAT_NAME_MAX + 1], l[SEAT_NAME_MAX + 1];
	long u;

	return read_seat(dirfd, game, key, &u, p, l) == 1 && u == uid &&
	       strcmp(p, player) == 0;
}
