// The solver's plain-value types: an element's properties, a measurement, the slots that keep
// measurements for a layout, a text's slot, and what a prepared cell keeps of a layout.
import LayoutGeometry
import TextLayout

extension FlexSolver {
    enum Kind: UInt8 { case stack, box, text, spacer, layered, custom }

    /// An element's properties as plain numbers: nil sizes are NaN, absent limits 0 and +∞.
    struct Props: Equatable {
        var kind: Kind = .box
        var isRow = false
        var wraps = false
        /// Whether the element lays its content out right to left: its children's frames (a
        /// text's, its text's) are mirrored within its own when placed (its physical padding was
        /// swapped when the tree was flattened, so that the mirror image keeps it on its side).
        var mirrors = false
        var alignment: CellAlignment = .stretch
        var justify: CellJustification = .start
        var alignSelf: CellAlignment?
        var spacing = 0.0
        var width = Double.nan, height = Double.nan
        var minWidth = 0.0, maxWidth = Double.infinity, minHeight = 0.0, maxHeight = Double.infinity
        var padTop = 0.0, padLeft = 0.0, padBottom = 0.0, padRight = 0.0
        var grow = 0.0, shrink = 1.0, basis = Double.nan
        /// Room after the element in its stack beyond the stack's spacing: its custom spacing
        /// (`spacingAfter`) less the spacing; 0 for the last visible child (as `UIStackView`
        /// ignores a custom spacing after its last arranged view) and outside stacks.
        var after = 0.0
        var ratio = Double.nan
        var firstChild = 0, childCount = 0
        var payload = -1  // text index, or custom key
        var parent = -1, indexInParent = 0
        /// A row whose layout depends on whether its height is given, not only on its value: a
        /// single-line row whose height is definite (css-flexbox §9.8: given, stretched by a row,
        /// or an item of a column whose height is definite) and that stretches a child taking its
        /// width from an aspect ratio (a definite height makes the ratio apply). Its height
        /// measured as content never answers a request for exactly that height.
        var strictHeight = false
        /// A stack holding an aspect-ratio box somewhere below it (visible): its widths may
        /// depend on a definite height it is given.
        var ratioInside = false
        /// Content a host measures (`.custom`) is the element or somewhere below it (visible): its
        /// size under a width limit may depend on that limit even where its content fits (a
        /// nested table fills the width it is given), so a measurement without a limit answers
        /// no request with one (`FlexSolver.covers`).
        var customInside = false
        /// Whether the element's height is definite (css-flexbox §9.8: given, stretched by a
        /// row, that of an item of a column whose height is definite, or a column item's given
        /// basis, as Chromium takes it). A row whose height is
        /// not lets none of its stretched ratio boxes take a width from it, whatever height it is
        /// laid out at (a column hands its items their flexed heights, definite or not).
        var heightDefinite = false

        var padH: Double { padLeft + padRight }
        var padV: Double { padTop + padBottom }
    }

    /// A measured element: its border-box size, its first baseline from its top (NaN = none,
    /// synthesized from the bottom edge), where its visible children's border boxes (relative to
    /// its origin: a stack's or layered element's) start in the solver's `rects`, and (a text)
    /// the text's bounding size. Plain values only: slots copy and drop them without reference
    /// counting.
    struct Measured {
        var size: Size
        var baseline = Double.nan
        /// Its last baseline from its top (NaN = none: synthesized from the bottom edge).
        var lastBaseline = Double.nan
        /// The first of the node's `childCount` rects in `rects` (0 when it has none).
        var firstRect = 0
        var textSize: Size?
        /// Whether a stack's items overflow it at this size (its lines' minimum sizes do not
        /// fit): reported when the stack is placed at it.
        var overflowed = false
        /// Whether, placed at this size, nothing in the element's subtree overflows — known for a
        /// kept measurement (checked when its cell was prepared), so that settling a layout need
        /// not lay the subtree out again to find out.
        var clean = false
        /// For a row whose items kept their hypothetical main sizes (none grows, none shrank;
        /// a wrapping row's placed from its start edge): the largest sum of a line's sizes and
        /// gaps, the least inner width at which that holds — at any exact width whose inner width
        /// is at least this (and whose lines break alike: `joinsFrom`, `breaksBelow`), the row
        /// is laid out the same (its items measured under the same constraints), only wider, its
        /// items placed along a single line for the room left (`keptMeasurement`). NaN for any
        /// other measurement.
        var widerFrom = Double.nan
        /// For a wrapping row with `widerFrom`: its lines break alike at any line limit `l` with
        /// `joinsFrom ≤ l + 1e-9 < breaksBelow` (the most a line reached with an item joining
        /// it; the least it would have reached with an item that started the next).
        var joinsFrom = -Double.infinity, breaksBelow = Double.infinity
    }

    /// A measurement slot: what it was asked for, and what it found (plain values only).
    struct Slot {
        var key = SlotKey()
        var value = Measured(size: .zero)
    }

    /// A text's preparation and what is known of it at its max-content width (NaN, nil: not yet).
    struct TextSlot {
        /// Where the text's preparation is in the solver's `preparedTexts` (−1: not prepared).
        /// (Kept apart from the slot: measured in place there, a prepared text is not copied —
        /// an optional one in the slot was, with a retain of each of its parts and a release.)
        var preparedAt: Int32 = -1
        var isPrepared: Bool { preparedAt >= 0 }
        /// What a layout of the text reads late, as (address, length) pairs for prefetching
        /// (`PreparedText.lineBreakingMemory`, `.paragraphMemory`), noted when it is prepared.
        var wordsMemory: (UInt, Int) = (0, 0)
        var paragraphMemory: (UInt, Int) = (0, 0)
        var maxContent = Double.nan
        var natural: TextMeasurement?
        /// Whether the prepared text has characters no font has (read once: asking the
        /// preparation again on every arrangement reached into its paragraph, cold in the cache).
        var hasMissingCharacters = false

        /// `count` empty slots, each made in place (`Array(repeating:count:)` copied one slot
        /// into each through the value witnesses of its optional parts).
        /// (None for none: `Array(unsafeUninitializedCapacity: 0)` writes the count of the
        /// standard library's one shared empty array — a data race between threads making a tree
        /// without texts at once, which ThreadSanitizer reports.)
        static func empty(_ count: Int) -> [TextSlot] {
            guard count > 0 else { return [] }
            return [TextSlot](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { (buffer.baseAddress.unsafelyUnwrapped + i).initialize(to: TextSlot()) }
                initialized = count
            }
        }
    }

    /// A measurement kept across layouts (a prepared cell's intrinsic size, its width unbounded;
    /// or a row laid out the same wider, at an exact width): the constraints it was asked for,
    /// what it found (a text's bounding size NaN for none), where its children's rects are in the
    /// tree's `intrinsicRects`, and whether it found the stack overflowing.
    struct Intrinsic {
        /// The width it was measured at: unbounded, or exact for a row laid out the same wider.
        var width: Dim
        var height: Dim
        var size: Size
        var baseline: Double
        var lastBaseline: Double
        var textSize: Size
        var firstRect: Int32
        var overflowed: Bool
        /// Settled at `size` when the cell was prepared, nothing in the subtree overflowed.
        var clean = false
        /// `Measured.widerFrom`, `joinsFrom` and `breaksBelow` of the measurement kept.
        var widerFrom = Double.nan
        var joinsFrom = -Double.infinity, breaksBelow = Double.infinity
    }

    /// What a measurement slot was asked for, and in which layout (`generation`: the slot holds
    /// a measurement only while it is the solver's; 0 is never one).
    struct SlotKey {
        var width: Dim = .unbounded
        var height: Dim = .unbounded
        var generation: UInt32 = 0
        /// The newer of a node's two slots (asked first; the other is replaced next).
        var newer = false
    }
}
