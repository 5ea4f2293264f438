/*
 * The scenario loader's internal interface: what its files share.  Not
 * installed and not for use outside them; the public face is scenario.h.
 *
 *   scenario.c        the public API, the order of the stages, struct load's
 *                     lifetime, error collection and the name indexes
 *   scenario_text.c   quoting values, cutting names, did-you-mean hints
 *   scenario_read.c   the sections and keys of the format; the counting
 *                     line reader and the inih handler (the first stage)
 *   scenario_check.c  values and the checks between them (the last
 *                     stage): sides, [scenario], units, generals, victory
 *   scenario_map.c    [map]: its size, terrain rows and hex lists
 *   scenario_type.c   [type] sections: their bases, loops and final values
 *
 * Everything the stages allocate hangs off struct load until the scenario
 * is complete; load_done() in scenario.c frees it.  Only scenario.c
 * includes <ini.h>: the reader and the handler have inih's signatures.
 */
#ifndef ANCIENTS_CORE_SCENARIO_IMPL_H
#define ANCIENTS_CORE_SCENARIO_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "core/err.h"
#include "core/hex.h"
#include "core/inilines.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"

#define QUOTE_MAX 40	   /* characters of a value shown in a message */
#define MAPKEY_MAX (INI_LINE_MAX_BYTES + 8)

/* Section kinds, in the order of scenario_kinds[]. */
enum kind {
	KIND_SCENARIO,
	KIND_MAP,
	KIND_SIDE,
	KIND_TYPE,
	KIND_UNIT,
	KIND_GENERAL,
	KIND_VICTORY,
	KIND_COUNT
};

/* What follows the kind word inside the brackets. */
enum name_rule {
	NAME_NONE, /* nothing: the section appears at most once */
	NAME_KEY,  /* a side or type key */
	NAME_ID,   /* a unit or general ID */
};

struct key_def {
	const char *name;
	bool multi;    /* may continue on indented lines */
	bool required; /* an empty value counts as missing */
};

/* The keys of each kind, as indices into its keys[] (scenario_read.c). */
enum {
	SC_TITLE,
	SC_DATE,
	SC_SUMMARY,
	SC_BRIEFING,
	SC_TURNS,
	SC_INITIATIVE,
	SC_NKEYS
};

enum {
	MAP_WIDTH,
	MAP_HEIGHT,
	MAP_TERRAIN,
	MAP_HILLS,
	MAP_HIGH_HILLS,
	MAP_ROADS,
	MAP_FORTIFIED,
	MAP_NKEYS
};

enum { SIDE_NAME, SIDE_NKEYS };

enum {
	TYPE_BASE,
	TYPE_NAME,
	TYPE_CLASS,
	TYPE_COMBAT,
	TYPE_MRANGE,
	TYPE_MDICE,
	TYPE_MOVE,
	TYPE_PUSH,
	TYPE_TRAITS,
	TYPE_NKEYS
};

enum {
	UNIT_SIDE,
	UNIT_TYPE,
	UNIT_HEX,
	UNIT_FACING,
	UNIT_NAME,
	UNIT_VETERAN,
	UNIT_MISSILE,
	UNIT_HITS,
	UNIT_NKEYS
};

enum { GEN_SIDE, GEN_UNIT, GEN_NAME, GEN_NKEYS };

struct kind_def {
	const char *word; /* "unit" */
	enum name_rule rule;
	char prefix;		    /* namespace in struct load's names */
	const struct key_def *keys; /* NULL: [victory], keyed by side */
};

/* The section kinds, indexed by enum kind (scenario_read.c). */
extern const struct kind_def scenario_kinds[KIND_COUNT];

/* A string -> int hash map with owned keys (open addressing). */
struct strmap_slot {
	char *key; /* owned; NULL if the slot is free */
	int val;
};

struct strmap {
	struct strmap_slot *v; /* owned, cap slots */
	size_t cap;	       /* 0 or a power of two */
	size_t n;	       /* keys stored */
};

/* One line of a value: the key line's own value or a continuation. */
struct vline {
	int line;
	char *text; /* owned; comments and outer blanks removed */
};

/* A key of a section and the lines of its value. */
struct kv {
	int key;	 /* index into the kind's keys[]; -1 in [victory] */
	char *name;	 /* owned: the key as written */
	int line;	 /* the key line */
	struct vline *v; /* owned, nv lines */
	size_t nv;
	size_t cap;
	bool damaged; /* a line of it was refused: lines are missing */
};

/* A section whose header was good; refused sections are not kept. */
struct section {
	enum kind kind;
	char *name;    /* owned; NULL for kinds without a name */
	int line;      /* header line */
	struct kv *kv; /* owned, nkv keys, none repeated */
	size_t nkv;
	size_t cap;
	bool damaged;	 /* a refused line may have held one of its keys */
	unsigned hinted; /* keys an unknown key was taken for (bits) */
};

/* What the reader made of the line inih is handling now. */
enum line_class {
	LINE_BLANK,
	LINE_COMMENT,
	LINE_HEADER,
	LINE_KEY,
	LINE_CONT,
	LINE_OTHER, /* refused or broken: the handler never sees it */
};

/* What a continuation line does to the key above it. */
enum cont_mode {
	CONT_DROP,   /* ignore it: the key was in error */
	CONT_TAKE,   /* append it to the value */
	CONT_REFUSE, /* the key may not continue: one error */
};

#define SEC_NONE (-2) /* before the first section header */
#define SEC_DROP (-1) /* in a section whose header was refused */

/* A hex of a hex list and the line that named it. */
struct hexref {
	struct hex hex;
	int line;
};

/*
 * The hexes of a hex list, each once, at the line that first names it:
 * a list names at most every hex of the map, however long its text.
 */
struct hexrefs {
	struct hexref *v; /* owned */
	size_t n;
	size_t cap;
	bool *seen; /* owned, per cell of the map; NULL until needed */
};

/* Fields of a [type], as bits. */
enum tfield {
	TF_NAME = 1 << 0,
	TF_CLASS = 1 << 1,
	TF_COMBAT = 1 << 2,
	TF_MRANGE = 1 << 3,
	TF_MDICE = 1 << 4,
	TF_MOVE = 1 << 5,
	TF_PUSH = 1 << 6,
	TF_TRAITS = 1 << 7,
};

enum tstate {
	T_NEW,	  /* not yet seen by the loop search */
	T_WALK,	  /* on the chain being followed */
	T_READY,  /* no loop: may be resolved */
	T_DONE,	  /* resolved */
	T_FAILED, /* in a loop, or its base is unknown or failed */
};

/* A [type] section on its way to a struct unit_type. */
struct tdef {
	const struct section *sec;
	const struct unit_type *builtin; /* the built-in it edits */
	bool has_base;			 /* a base is given, good or not */
	bool base_bad;			 /* the base names no type */
	int base;			 /* tdef index of the base, or -1 */
	const struct unit_type *base_builtin; /* base when not in file */
	int base_line;
	unsigned given;	      /* enum tfield: keys given, good or bad */
	unsigned good;	      /* keys given with a good value */
	struct unit_type own; /* the good values given */
	struct unit_type val; /* the final values */
	enum tstate state;
	int walk;	 /* which loop search put it on a chain */
	bool traits_bad; /* the traits are unknown: skip what needs them */
	bool range_bad;	 /* the missile range is unknown */
	bool dice_bad;	 /* the missile dice are unknown */
	int index;	 /* in the scenario's types[] */
};

struct load {
	/* The line reader. */
	struct ini_lines in;
	enum line_class cls; /* class of the current line */
	bool have_key;	     /* inih has a key to continue (its prev_name) */
	bool skip_indented;  /* indented lines belong to a refused line */
	bool seen_header;
	bool content;	  /* a line other than blanks and comments */
	bool lost;	  /* a refused line may have been a header */
	int first_syntax; /* first line passed to inih as broken, or 0 */

	/* What the lines said. */
	struct section *secs; /* owned, in file order */
	size_t nsecs;
	size_t capsecs;
	long cur;    /* section being read, or SEC_NONE, SEC_DROP */
	long cur_kv; /* key continuation lines go to, or -1 */
	enum cont_mode cont;
	struct strmap names;	/* prefix + name of each section -> index */
	struct strmap rejected; /* prefix + name of sections refused */
	int nsides;		/* [side] sections accepted */
	bool side_rejected;	/* a [side] header was refused */
	bool unit_rejected;	/* a [unit] header was refused */

	/* The errors, at most 2 * (SCENARIO_MAX_ERRORS + 1) at a time. */
	struct anc_errs errs;
	bool overflow; /* some were dropped */
	int cutoff;    /* once overflow: errors of this line on go unseen */

	/* The last pass. */
	struct scenario *sc; /* owned until returned */
	int side_sec[2];     /* section of each side */
	bool map_ok;	     /* width and height are good: the map exists */
	bool *known;	     /* per cell: the terrain is known */
	struct tdef *tdefs;  /* owned, one per [type] */
	int ntdefs;
	struct strmap tmap;   /* type key -> tdef index */
	struct strmap umap;   /* unit ID -> unit index */
	bool *unit_side_ok;   /* per unit: its side was read */
	bool *unit_traits_ok; /* per unit: its type's traits are known */
	bool unit_side_lost;  /* a unit's side could not be read */
};

/* A value shown in a message: cut, and safe for a terminal. */
struct quoted {
	char s[QUOTE_MAX * 4 + 4];
};

/* The closest candidate to a word that is not one of them. */
struct hint {
	const char *word;
	const char *best; /* NULL while none is close enough */
	int dist;
};

/* What reading a key's value gave. */
enum val {
	VAL_ABSENT, /* not given, or empty */
	VAL_OK,
	VAL_BAD, /* in error (reported), or unreadable */
};

/* --- scenario.c: errors, indexes, arrays --- */

/*
 * Records an error.  Once there are twice as many as can be shown, only
 * the lowest lines are kept: errors of later lines can never be shown.
 */
void scn_load_err(struct load *ld, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/*
 * Whether an error at this line may still be shown: false once
 * SCENARIO_MAX_ERRORS errors of lower (or the same) lines are known.
 * Work done only for a message (a hint) may then be skipped.
 */
bool scn_err_shown(const struct load *ld, int line);
/* The value stored for key, or -1. */
int scn_strmap_get(const struct strmap *m, const char *key);
/* Stores key -> val (key is copied), replacing an older value. */
void scn_strmap_put(struct strmap *m, const char *key, int val);
void scn_strmap_done(struct strmap *m);
/* Writes prefix and name into buf, the key of a namespace; returns buf. */
const char *scn_mapkey(char buf[MAPKEY_MAX], char prefix, const char *name);
/*
 * Makes room for one more element in an array v of n elements, *cap
 * allocated (first when empty), each size bytes.  Returns the array,
 * moved perhaps; cannot fail.
 */
void *scn_array_grow(void *v, size_t n, size_t *cap, size_t first, size_t size);

/* --- scenario_text.c: how values and names appear in messages --- */

/* inih's isspace() blanks. */
bool scn_is_blank(char c);
/* Quotes text into q, cut to QUOTE_MAX characters; returns q->s. */
const char *scn_quote(struct quoted *q, const char *text);
/* Copies src into a name field of size bytes, cut at a character. */
void scn_copy_name(char *dst, size_t size, const char *src);
/* "\"a\"", "\"a\" and \"b\"", "\"a\", \"b\" and \"c\"" in buf. */
const char *scn_join_names(char *buf, size_t size, const char *const *names,
			   int n);
void scn_hint_init(struct hint *h, const char *word);
/* Offers a candidate: kept if it is close, and closer than the best. */
void scn_hint_try(struct hint *h, const char *cand);
/* " (did you mean "<before>X<after>"?)" in buf, or "" when none. */
const char *scn_hint_text(const struct hint *h, char *buf, size_t size,
			  const char *before, const char *after);

/* --- scenario_read.c: the first stage, sections and keys --- */

/* ini_parse_stream()'s reader (an ini_reader): one line per call. */
char *scn_reader_next(char *str, int num, void *stream);
/* ini_parse_stream()'s handler (an ini_handler): files each value. */
int scn_load_handler(void *user, const char *section, const char *name,
		     const char *value);
/* "[unit leg1]" in buf; returns buf. */
const char *scn_sec_label(const struct section *s, char *buf, size_t size);
/* The key's index in s->kv, or -1. */
long scn_section_find(const struct section *s, int key);

/* --- scenario_check.c: values, and the checks between them --- */

/* The section of a kind without a name, or NULL. */
const struct section *scn_find_once(struct load *ld, enum kind kind);
/* The number of sections of a kind. */
int scn_count_kind(const struct load *ld, enum kind kind);
/*
 * Whether a name of namespace prefix may belong to a section that was
 * refused, or lost with a refused line: then its absence is no error.
 */
bool scn_section_refused(const struct load *ld, char prefix, const char *name);
/* Reports the required keys a section lacks; true if it lacks any. */
bool scn_sec_require(struct load *ld, const struct section *s);
/* The key of a section, or NULL. */
const struct kv *scn_sec_kv(const struct section *s, int key);
/* The one-line value of a key: NULL when absent, empty or refused. */
const char *scn_sec_text(const struct section *s, int key, int *line);
/*
 * A key's number in min-max, reported when it is not one; *out is set
 * only on VAL_OK.
 */
enum val scn_get_num(struct load *ld, const struct section *s, int key, int min,
		     int max, int *out);
/*
 * The passes of the last stage, in the order scenario_load_text() runs
 * them (scn_pass_map and scn_pass_types between scn_pass_scenario and
 * scn_pass_units).
 */
void scn_pass_sections(struct load *ld);
void scn_pass_sides(struct load *ld);
void scn_pass_scenario(struct load *ld);
void scn_pass_units(struct load *ld);
void scn_pass_generals(struct load *ld);
void scn_pass_victory(struct load *ld);
void scn_pass_side_units(struct load *ld);

/* --- scenario_map.c: [map] and hex names --- */

/* Four digits CCRR: 0 (a part may be 00, which no map holds) or -1. */
int scn_parse_hex4(const char *s, struct hex *out);
/* Off the map, or off any map when the map's size is unknown. */
bool scn_off_map(const struct load *ld, struct hex h);
/* Reports tok, which names a hex off the map. */
void scn_err_off_map(struct load *ld, int line, const char *what,
		     const char *tok);
/*
 * Reads a hex list: tokens CCRR or CCRR-CCRR.  Each bad token is an
 * error at its line.  Hexes go to out (zeroed by the caller, freed with
 * scn_hexrefs_done) only if the map is known, each hex once, with the
 * line that first names it.
 */
void scn_read_hexlist(struct load *ld, const struct kv *kv,
		      struct hexrefs *out);
void scn_hexrefs_done(struct hexrefs *r);
void scn_pass_map(struct load *ld);

/* --- scenario_type.c: [type] sections --- */

/* The type a key names: a tdef index, or -1 with *builtin set, or -1. */
int scn_type_lookup(struct load *ld, const char *key,
		    const struct unit_type **builtin);
/* An unknown type key: an error unless its [type] was refused. */
void scn_err_unknown_type(struct load *ld, int line, const char *what,
			  const char *key);
/* Builds sc->types: the built-ins, edited, then the file's new types. */
void scn_pass_types(struct load *ld);

#endif
