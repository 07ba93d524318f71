/// Shortening the last visible line with "…" (U+2026), for the `truncate-*` modes.
///
/// The line stands for the rest of its paragraph (`from ..< paragraphEnd`); the ellipsis goes at
/// the tail, the head or the middle, and as much of the text as fits stays — measured with the
/// prepared advances, so nothing is shaped again. Trailing spaces before a tail ellipsis and
/// leading spaces after a head ellipsis are dropped, as UIKit does.
struct Truncation {
    /// What the shortened line shows: clusters `prefix` then "…" then clusters `suffix`.
    struct Result: Equatable {
        var prefix: Range<Int>
        var suffix: Range<Int>
        /// Width in ems, ellipsis included.
        var width: Double
    }

    let paragraph: PreparedParagraph

    /// Truncates clusters `from ..< end` to fit `maxWidth` ems.
    func truncate(from: Int, to end: Int, maxWidth: Double, mode: TextLineBreakMode) -> Result {
        let p = paragraph
        let ell = p.ellipsisAdvance
        let budget = maxWidth - ell
        switch mode {
        case .truncateHead:
            var k = end, w = 0.0
            while k > from && w + p.advances[k - 1] <= budget { w += p.advances[k - 1]; k -= 1 }
            while k < end && p.kinds[k] == .space { w -= p.advances[k]; k += 1 }
            return Result(prefix: from..<from, suffix: k..<end, width: ell + max(w, 0))
        case .truncateMiddle:
            var a = from, wa = 0.0
            while a < end && wa + p.advances[a] <= budget / 2 { wa += p.advances[a]; a += 1 }
            var b = end, wb = 0.0
            while b > a && wa + wb + p.advances[b - 1] <= budget { wb += p.advances[b - 1]; b -= 1 }
            while a < b && wa + wb + p.advances[a] <= budget { wa += p.advances[a]; a += 1 }
            let trimmed = trimTrailingSpaces(from, a)
            while b < end && p.kinds[b] == .space { wb -= p.advances[b]; b += 1 }
            return Result(prefix: from..<trimmed.end, suffix: b..<end, width: trimmed.width + ell + max(wb, 0))
        default:
            var k = from, w = 0.0
            while k < end && w + p.advances[k] <= budget { w += p.advances[k]; k += 1 }
            let trimmed = trimTrailingSpaces(from, k)
            return Result(prefix: from..<trimmed.end, suffix: end..<end, width: trimmed.width + ell)
        }
    }

    /// Clusters `a ..< b` without trailing spaces: the new end and the width (ems).
    private func trimTrailingSpaces(_ a: Int, _ b: Int) -> (end: Int, width: Double) {
        var e = b
        while e > a && paragraph.kinds[e - 1] == .space { e -= 1 }
        var w = 0.0
        for i in a..<e { w += paragraph.advances[i] }
        return (e, w)
    }
}
