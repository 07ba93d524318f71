#include "CICUShim.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>
#include <unicode/uchar.h>
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

int32_t le_is_text_default_emoji(int32_t c) {
    return u_hasBinaryProperty(c, UCHAR_EMOJI) && !u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION);
}

const char *le_icu_version(void) {
    static _Thread_local char buf[U_MAX_VERSION_STRING_LENGTH];  // per thread: no shared writes
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, buf);
    return buf;
}

int32_t le_bidi_runs(const uint16_t *text, int32_t length, uint8_t paraLevel,
                     const int32_t *lineStarts, const int32_t *lineEnds, int32_t lineCount,
                     int32_t *runStart, int32_t *runLength, uint8_t *runRTL, int32_t capacity,
                     int32_t *runsPerLine, uint8_t *lineParaRTL) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *para = ubidi_openSized(length, 0, &status);
    UBiDi *line = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        if (para) ubidi_close(para);
        if (line) ubidi_close(line);
        return (int32_t)status < 0 ? (int32_t)status : -(int32_t)status;
    }
    int32_t written = 0;
    ubidi_setPara(para, (const UChar *)text, length, (UBiDiLevel)paraLevel, NULL, &status);
    for (int32_t i = 0; i < lineCount && U_SUCCESS(status); i++) {
        int32_t start = lineStarts[i], end = lineEnds[i];
        runsPerLine[i] = 0;
        UBiDiLevel level = 0;
        ubidi_getParagraph(para, start, NULL, NULL, &level, &status);
        lineParaRTL[i] = (uint8_t)(level & 1);
        if (end <= start) continue;
        ubidi_setLine(para, start, end, line, &status);
        if (U_FAILURE(status)) break;
        int32_t n = ubidi_countRuns(line, &status);
        for (int32_t r = 0; r < n && U_SUCCESS(status); r++) {
            if (written >= capacity) { ubidi_close(line); ubidi_close(para); return -1000000; }
            int32_t logicalStart = 0, runLen = 0;
            UBiDiDirection d = ubidi_getVisualRun(line, r, &logicalStart, &runLen);
            runStart[written] = start + logicalStart;
            runLength[written] = runLen;
            runRTL[written] = d == UBIDI_RTL ? 1 : 0;
            written++;
            runsPerLine[i]++;
        }
    }
    ubidi_close(line);
    ubidi_close(para);
    if (U_FAILURE(status)) return (int32_t)status < 0 ? (int32_t)status : -(int32_t)status;
    return written;
}
