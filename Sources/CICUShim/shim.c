#include "CICUShim.h"
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>
#include <pthread.h>
#include <stdlib.h>

#define LE_OVERFLOW (-1000000)

// One iterator of each kind per thread: ICU break iterators are not thread-safe, and
// opening one costs far more than re-targeting it with ubrk_setText. They are closed when
// their thread exits (the key's destructor), so no thread leaks them.
struct le_iterators { UBreakIterator *line; UBreakIterator *chr; };
static pthread_key_t le_key;
static pthread_once_t le_once = PTHREAD_ONCE_INIT;

static void le_destroy(void *p) {
    struct le_iterators *it = p;
    if (it->line) ubrk_close(it->line);
    if (it->chr) ubrk_close(it->chr);
    free(it);
}

static void le_make_key(void) { pthread_key_create(&le_key, le_destroy); }

static struct le_iterators *le_thread_iterators(void) {
    pthread_once(&le_once, le_make_key);
    struct le_iterators *it = pthread_getspecific(le_key);
    if (it == NULL) {
        it = calloc(1, sizeof *it);
        if (it == NULL) return NULL;
        pthread_setspecific(le_key, it);
    }
    return it;
}

static UBreakIterator *iterator(UBreakIteratorType kind, UBreakIterator **slot,
                                const UChar *text, int32_t length, UErrorCode *status) {
    if (*slot == NULL) {
        *slot = ubrk_open(kind, "", text, length, status);
        return U_FAILURE(*status) ? NULL : *slot;
    }
    ubrk_setText(*slot, text, length, status);
    return U_FAILURE(*status) ? NULL : *slot;
}

int32_t le_line_breaks(const uint16_t *text, int32_t length,
                       int32_t *positions, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (length == 0) return 0;
    struct le_iterators *its = le_thread_iterators();
    if (its == NULL) return -(int32_t)U_MEMORY_ALLOCATION_ERROR - 1;
    UBreakIterator *bi = iterator(UBRK_LINE, &its->line, (const UChar *)text, length, &status);
    if (bi == NULL) return -(int32_t)status - 1;
    int32_t count = 0;
    ubrk_first(bi);
    for (int32_t p = ubrk_next(bi); p != UBRK_DONE; p = ubrk_next(bi)) {
        if (count >= capacity) return LE_OVERFLOW;
        int32_t rs = ubrk_getRuleStatus(bi);
        positions[count] = p;
        hard[count] = (rs >= UBRK_LINE_HARD && rs < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    return count;
}

int32_t le_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *positions, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (length == 0) return 0;
    struct le_iterators *its = le_thread_iterators();
    if (its == NULL) return -(int32_t)U_MEMORY_ALLOCATION_ERROR - 1;
    UBreakIterator *bi = iterator(UBRK_CHARACTER, &its->chr, (const UChar *)text, length, &status);
    if (bi == NULL) return -(int32_t)status - 1;
    int32_t count = 0;
    ubrk_first(bi);
    for (int32_t p = ubrk_next(bi); p != UBRK_DONE; p = ubrk_next(bi)) {
        if (count >= capacity) return LE_OVERFLOW;
        positions[count++] = p;
    }
    return count;
}

const char *le_icu_version(void) {
    static _Thread_local char buf[U_MAX_VERSION_STRING_LENGTH];  // per thread: no shared writes
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, buf);
    return buf;
}
