/*
 * A new game's seed and session (newgame.h).
 */
#include "config.h"

#include "app/newgame.h"

#include <time.h>
#include <unistd.h>

#include "app/catalog.h"

uint64_t
newgame_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
		(uint64_t)getpid() << 16) %
	       10000000000ULL;
}

/* How a new game's save names its scenario. */
static const char *
scenario_label(const char *name)
{
	return name != NULL ? name : "(built-in tutorial)";
}

struct session *
newgame_session(const char *name, uint64_t seed)
{
	struct scenario *sc;

	if ((sc = catalog_open(name)) == NULL)
		return NULL;
	return session_adopt(sc, scenario_label(name), seed);
}
