/*
 * Who a player is, and which seats are whose (docs/security.md): the
 * real uid and its login from the password database (never LOGNAME), the
 * player's name (the login, or the name a launcher gives with --player),
 * and the seat files that bind a side of a shared game to the account
 * and player who first took it.
 */
#ifndef ANCIENTS_SESSION_SEAT_H
#define ANCIENTS_SESSION_SEAT_H

#include <stdbool.h>
#include <stddef.h>

#define SEAT_NAME_MAX 32 /* bytes of a login or player name kept */
#define SEAT_SHOWN_MAX (2 * SEAT_NAME_MAX + 1)

struct seat_id {
	long uid;			     /* getuid() */
	char login[SEAT_NAME_MAX + 1];	     /* its name, made safe */
	char player[SEAT_NAME_MAX + 1];	     /* the player's name */
	char shown[SEAT_SHOWN_MAX + 1];	     /* player, or player@login when
						the player's name is another
						account's login */
};

/*
 * The player's name for this process, from --player (NULL: the login).
 * 1-32 of A-Z a-z 0-9 . - _; 0, or -1 with err.
 */
int seat_set_player(const char *name, char *err, size_t errlen);

/* This process's identity. */
void seat_identity(struct seat_id *id);

/*
 * Binds the side key of game to id in the directory dirfd, or checks it
 * is bound to id already (the file GAME.KEY.seat, made once).  Returns 0
 * when the seat is id's, 1 when it is another's (its shown name in
 * holder), -1 when the file cannot be made or read (errno).
 */
int seat_claim(int dirfd, const char *game, const char *key,
	       const struct seat_id *id, char *holder, size_t holderlen);

/*
 * Who the side key of game is bound to: 1 with the shown name in who,
 * 0 when nobody yet, -1 when the file is not the game's.
 */
int seat_owner(int dirfd, const char *game, const char *key, char *who,
	       size_t wholen);

/* Whether the seat file of key in game is bound to uid and player. */
bool seat_is(int dirfd, const char *game, const char *key, long uid,
	     const char *player);

/* The seat file's name of key in game into buf. */
void seat_file(const char *game, const char *key, char *buf, size_t len);

#endif
