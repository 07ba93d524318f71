import LayoutGeometry
import TextLayout

/// One element of a composed cell: a stack, a box, a text, a spacer, an overlay or background,
/// or content the host measures (a nested table or grid) — with the sizing properties every
/// element shares.
///
/// The semantics are a named subset of CSS flexbox (`docs/CONTRACT.md`, "Composed cells"): a
/// stack is `display: flex`, `spacing` is `gap`, `grow`/`shrink`/`basis` are `flex-grow`/
/// `flex-shrink`/`flex-basis`, and every size is a border-box size. Two decisions differ from
/// CSS's defaults: the automatic minimum size is 0 (as Yoga's), and a text element's frame is
/// its text's bounding rect (the widest line by the lines' height, as `boundingRect(with:)`).
///
/// ```swift
/// let cell = CellElement.vstack(spacing: 10, alignment: .start, padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), [
///     .hstack(spacing: 10, alignment: .start, [
///         CellElement.box(width: 40, height: 40).id("avatar"),
///         .text("Kenshin Cui", style: TextStyle(size: 14), numberOfLines: 1).id("name"),
///     ]),
///     .text(post, style: TextStyle(size: 14)).id("text"),
/// ])
/// let arrangement = try CellLayout(textEngine: engine).arrange(cell, width: 375)
/// ```
public struct CellElement: Hashable, Sendable {
    /// What the element is.
    public enum Kind: Hashable, Sendable {
        /// A flex container.
        case stack(CellStack)
        /// An empty box: its size is `width`/`height`, or one of them and `aspectRatio`.
        case box(aspectRatio: Double?)
        /// A text, measured with the text engine. (Boxed: inline, a text's style made every
        /// element of a tree 121 bytes larger, and reading a feed's trees missed the cache for it.)
        indirect case text(CellText)
        /// Empty space that grows (`flex: 1 1 0`): pushes its neighbours apart.
        case spacer
        /// `base` is the element in the flow; `layer` is laid out over its frame, drawn on top.
        indirect case overlay(base: CellElement, layer: CellElement)
        /// `base` is the element in the flow; `layer` is laid out over its frame, drawn behind.
        indirect case background(base: CellElement, layer: CellElement)
        /// Content measured by the host (`CellLayout.customMeasure`): a nested table or grid.
        case custom(key: Int)
    }

    /// What the element is.
    public var kind: Kind
    /// A name the result repeats, so that a client can find the view to move.
    public var id: String?
    /// A fixed width (border box, padding included); nil = from the content and the flex rules.
    public var width: Double? {
        get { Self.optional(stored.width) }
        set { stored.width = Self.stored(newValue) }
    }
    /// A fixed height (border box); nil = from the content and the flex rules.
    public var height: Double? {
        get { Self.optional(stored.height) }
        set { stored.height = Self.stored(newValue) }
    }
    /// The smallest width; nil = 0 (Yoga's automatic minimum, not CSS's `min-width: auto`).
    public var minWidth: Double? {
        get { Self.optional(stored.minWidth) }
        set { stored.minWidth = Self.stored(newValue) }
    }
    /// The largest width; nil = none.
    public var maxWidth: Double? {
        get { Self.optional(stored.maxWidth) }
        set { stored.maxWidth = Self.stored(newValue) }
    }
    /// The smallest height; nil = 0.
    public var minHeight: Double? {
        get { Self.optional(stored.minHeight) }
        set { stored.minHeight = Self.stored(newValue) }
    }
    /// The largest height; nil = none.
    public var maxHeight: Double? {
        get { Self.optional(stored.maxHeight) }
        set { stored.maxHeight = Self.stored(newValue) }
    }
    /// Space between the element's edges and its content.
    public var padding: EdgeInsets = .zero
    /// How much of a stack's free space the element takes (`flex-grow`, ≥ 0).
    public var grow: Double = 0
    /// How much the element gives up when a stack overflows (`flex-shrink`, ≥ 0; CSS's default 1).
    public var shrink: Double = 1
    /// The size along the stack's axis before growing and shrinking (`flex-basis`); nil = auto.
    public var basis: Double? {
        get { Self.optional(stored.basis) }
        set { stored.basis = Self.stored(newValue) }
    }
    /// The optional lengths as plain numbers, −∞ for none (an optional `Double` takes 16 bytes, a
    /// tree's elements are read by the thousand, and seven of them made every element 56 bytes
    /// larger). −∞ is no length a spec can give (lengths are ≥ 0), so nothing is lost.
    struct Lengths: Hashable, Sendable {
        var width = -Double.infinity, height = -Double.infinity
        var minWidth = -Double.infinity, maxWidth = -Double.infinity
        var minHeight = -Double.infinity, maxHeight = -Double.infinity
        var basis = -Double.infinity
        var spacingAfter = -Double.infinity
    }
    var stored = Lengths()

    @inline(__always) static func optional(_ v: Double) -> Double? { v == -.infinity ? nil : v }
    @inline(__always) static func stored(_ v: Double?) -> Double { v ?? -.infinity }
    /// A stored length as the solver reads it: NaN for none.
    @inline(__always) static func orNaN(_ v: Double) -> Double { v == -.infinity ? .nan : v }
    /// The space between this element and the next visible one in its stack, instead of the
    /// stack's `spacing` (`UIStackView.setCustomSpacing(_:after:)`); nil = the spacing. Ignored
    /// after the last visible child, as UIKit ignores it after the last arranged view; in a
    /// wrapping row it is room at the element's end, as a CSS margin (`margin-inline-end` of
    /// `spacingAfter − spacing`; down a column `margin-block-end`).
    public var spacingAfter: Double? {
        get { Self.optional(stored.spacingAfter) }
        set { stored.spacingAfter = Self.stored(newValue) }
    }
    /// The element's own cross-axis alignment in its stack; nil = the stack's `alignment`.
    public var alignSelf: CellAlignment?
    /// A hidden element takes no space and has no frame (a hidden arranged subview of a `UIStackView`).
    public var isHidden = false
    /// The direction the element lays its content out in (`UIView.semanticContentAttribute`'s
    /// forced directions, CSS's `direction`); nil = its parent's (the root's: the layout's
    /// `CellLayout.layoutDirection`). Right to left, a stack's children run from its right edge,
    /// `start` alignment is its right edge, and a text's frame sits at its box's right: the frame
    /// of every element is the mirror image of its left-to-right one, except that padding given
    /// by `left` and `right` stays on those sides (`paddingIsDirectional` makes them leading and
    /// trailing).
    public var layoutDirection: CellLayoutDirection?
    /// Whether `padding.left` and `padding.right` are the leading and trailing insets
    /// (`NSDirectionalEdgeInsets`, CSS's `padding-inline-start`/`-end`: swapped when the element
    /// lays out right to left) rather than the physical left and right (`UIEdgeInsets`, CSS's
    /// `padding-left`/`-right`, the default).
    public var paddingIsDirectional = false

    /// An element of `kind` with no sizing properties of its own.
    public init(_ kind: Kind) {
        self.kind = kind
        if case .spacer = kind {
            grow = 1
            basis = 0
        }
    }
}

/// A flex container's own properties.
public struct CellStack: Hashable, Sendable {
    /// The main axis: `vertical` (a column) or `horizontal` (a row).
    public var axis: Axis
    /// The gap between neighbours, and between lines when the stack wraps.
    public var spacing: Double
    /// How children sit across the axis (`align-items`); CSS's and `UIStackView`'s default: stretch.
    public var alignment: CellAlignment
    /// How children share the space along the axis (`justify-content`).
    public var justify: CellJustification
    /// Whether children that do not fit go on to a new line (`flex-wrap: wrap`): tag clouds, photo grids.
    public var wraps: Bool
    /// The children, in order.
    public var children: [CellElement]

    /// A stack of `children`.
    public init(axis: Axis, spacing: Double = 0, alignment: CellAlignment = .stretch,
                justify: CellJustification = .start, wraps: Bool = false, children: [CellElement]) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.justify = justify
        self.wraps = wraps
        self.children = children
    }
}

/// Cross-axis alignment (`align-items` / `align-self`; `UIStackView.Alignment`).
public enum CellAlignment: String, Hashable, Sendable, CaseIterable {
    case start, center, end, stretch
    /// Children's first baselines line up (a horizontal stack; in a vertical one it is `start`).
    case firstBaseline
    /// Children's last baselines line up, the group at the line's end (`UIStackView`'s
    /// `.lastBaseline`, CSS's `last baseline`: a chat bubble's time beside the last line of its
    /// message). In a vertical stack the group aligns to the end: its items' leading edges line up
    /// where the widest of them ends at the stack's end (Chromium's `last baseline` down a column).
    case lastBaseline
}

/// The direction elements lay their content out in (`UIUserInterfaceLayoutDirection`).
public enum CellLayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// Left to right: English, Chinese.
    case leftToRight
    /// Right to left: Arabic, Hebrew — a horizontal stack's first child at its right edge.
    case rightToLeft
}

/// Main-axis distribution (`justify-content`).
public enum CellJustification: String, Hashable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround, spaceEvenly
}

/// A text element's content: the string and its resolved style (font, size, `numberOfLines`,
/// `lineBreakMode`, paragraph settings, pixel scale).
public struct CellText: Hashable, Sendable {
    /// The text (with `attributed`, its joined string).
    public var text: String
    /// The text as runs (bold names, links, two sizes, inline images), measured run by run; nil
    /// for a plain string.
    public var attributed: AttributedText?
    /// How it is set (for an attributed text: the defaults of its runs and the paragraph settings).
    public var style: TextStyle
    /// Where its lines sit in its box (`UILabel.textAlignment`, CSS's `text-align`): its frame —
    /// the bounding rect of its lines — at the box's start edge (`natural`), left, centre or right.
    public var alignment: TextLineAlignment = .natural

    /// A text in a style.
    public init(_ text: String, style: TextStyle) {
        self.text = text
        self.style = style
    }

    /// An attributed text in a style.
    public init(_ text: AttributedText, style: TextStyle) {
        self.text = text.string
        self.attributed = text
        self.style = style
    }
}

// MARK: - Building trees in Swift

extension CellElement {
    /// A vertical stack (a column).
    public static func vstack(spacing: Double = 0, alignment: CellAlignment = .stretch, justify: CellJustification = .start,
                              padding: EdgeInsets = .zero, _ children: [CellElement]) -> CellElement {
        var e = CellElement(.stack(CellStack(axis: .vertical, spacing: spacing, alignment: alignment, justify: justify, children: children)))
        e.padding = padding
        return e
    }

    /// A horizontal stack (a row); `wraps` starts a new line for children that do not fit.
    public static func hstack(spacing: Double = 0, alignment: CellAlignment = .stretch, justify: CellJustification = .start,
                              wraps: Bool = false, padding: EdgeInsets = .zero, _ children: [CellElement]) -> CellElement {
        var e = CellElement(.stack(CellStack(axis: .horizontal, spacing: spacing, alignment: alignment, justify: justify,
                                             wraps: wraps, children: children)))
        e.padding = padding
        return e
    }

    /// A box of a fixed size, or of one side and an aspect ratio (width / height).
    public static func box(width: Double? = nil, height: Double? = nil, aspectRatio: Double? = nil) -> CellElement {
        var e = CellElement(.box(aspectRatio: aspectRatio))
        e.width = width
        e.height = height
        return e
    }

    /// A text in `style`, with UILabel's `numberOfLines` and `lineBreakMode` laid over the style's.
    public static func text(_ text: String, style: TextStyle = TextStyle(), numberOfLines: Int? = nil,
                            lineBreakMode: TextLineBreakMode? = nil) -> CellElement {
        var s = style
        if let numberOfLines { s.numberOfLines = numberOfLines }
        if let lineBreakMode { s.lineBreakMode = lineBreakMode }
        return CellElement(.text(CellText(text, style: s)))
    }

    /// An attributed text (runs with their own fonts, sizes and inline boxes), sized as
    /// `text(_:style:numberOfLines:lineBreakMode:)` sizes a plain one.
    public static func text(_ text: AttributedText, style: TextStyle = TextStyle(), numberOfLines: Int? = nil,
                            lineBreakMode: TextLineBreakMode? = nil) -> CellElement {
        var s = style
        if let numberOfLines { s.numberOfLines = numberOfLines }
        if let lineBreakMode { s.lineBreakMode = lineBreakMode }
        return CellElement(.text(CellText(text, style: s)))
    }

    /// Flexible empty space.
    public static var spacer: CellElement { CellElement(.spacer) }

    /// `layer` laid out over `base`'s frame, drawn on top of it.
    public static func overlay(_ base: CellElement, _ layer: CellElement) -> CellElement {
        CellElement(.overlay(base: base, layer: layer))
    }

    /// `layer` laid out over `base`'s frame, drawn behind it.
    public static func background(_ base: CellElement, _ layer: CellElement) -> CellElement {
        CellElement(.background(base: base, layer: layer))
    }

    /// This element with an `id`.
    public func id(_ id: String) -> CellElement { with { $0.id = id } }

    /// This element with a fixed width and/or height.
    public func frame(width: Double? = nil, height: Double? = nil) -> CellElement {
        with {
            if let width { $0.width = width }
            if let height { $0.height = height }
        }
    }

    /// This element with limits on its size (CSS `min-width` … `max-height`): flexing, stretching
    /// and fitting its content never take it outside them (a limit not given is not changed).
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) -> CellElement {
        with {
            if let minWidth { $0.minWidth = minWidth }
            if let maxWidth { $0.maxWidth = maxWidth }
            if let minHeight { $0.minHeight = minHeight }
            if let maxHeight { $0.maxHeight = maxHeight }
        }
    }

    /// This element with padding.
    public func padding(_ insets: EdgeInsets) -> CellElement {
        with {
            $0.padding = insets
            $0.paddingIsDirectional = false
        }
    }

    /// This element with padding on its leading and trailing sides (`NSDirectionalEdgeInsets`):
    /// right and left when it lays out right to left.
    public func padding(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) -> CellElement {
        with {
            $0.padding = EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            $0.paddingIsDirectional = true
        }
    }

    /// This element laying its content out in `direction` (and its descendants that give none).
    public func layoutDirection(_ direction: CellLayoutDirection) -> CellElement { with { $0.layoutDirection = direction } }

    /// This element with the same padding on every side.
    public func padding(_ all: Double) -> CellElement { padding(EdgeInsets(top: all, left: all, bottom: all, right: all)) }

    /// This element with flex factors.
    public func flex(grow: Double = 0, shrink: Double = 1, basis: Double? = nil) -> CellElement {
        with {
            $0.grow = grow
            $0.shrink = shrink
            $0.basis = basis
        }
    }

    /// This text with its lines at `alignment` in its box (`UILabel.textAlignment`); other
    /// elements are returned unchanged.
    public func textAlignment(_ alignment: TextLineAlignment) -> CellElement {
        with {
            if case .text(var t) = $0.kind {
                t.alignment = alignment
                $0.kind = .text(t)
            }
        }
    }

    /// This element followed by `spacing` in its stack instead of the stack's spacing
    /// (`UIStackView.setCustomSpacing(_:after:)`).
    public func spacingAfter(_ spacing: Double) -> CellElement { with { $0.spacingAfter = spacing } }

    /// This element hidden (or not).
    public func hidden(_ hidden: Bool = true) -> CellElement { with { $0.isHidden = hidden } }

    /// This element with its own cross-axis alignment.
    public func alignSelf(_ alignment: CellAlignment) -> CellElement { with { $0.alignSelf = alignment } }

    private func with(_ change: (inout CellElement) -> Void) -> CellElement {
        var copy = self
        change(&copy)
        return copy
    }
}

extension CellElement {
    /// How many texts the tree holds, hidden ones included.
    var textCount: Int {
        switch kind {
        case .text: return 1
        case .stack(let s): return s.children.reduce(0) { $0 + $1.textCount }
        case .overlay(let base, let layer), .background(let base, let layer): return base.textCount + layer.textCount
        case .box, .spacer, .custom: return 0
        }
    }

    /// The element's padding, with its base's while it is a pair over a visible base (and that
    /// base's, while it is a pair too): the least a pair, sized as its base, may be.
    var paddingWithBases: EdgeInsets {
        var total = padding, e = self
        while let base = e.pairBase, !base.isHidden {
            total = EdgeInsets(top: total.top + base.padding.top, left: total.left + base.padding.left,
                               bottom: total.bottom + base.padding.bottom, right: total.right + base.padding.right)
            e = base
        }
        return total
    }

    /// A pair's base (nil for any other element).
    private var pairBase: CellElement? {
        switch kind {
        case .overlay(let base, _), .background(let base, _): return base
        default: return nil
        }
    }
}
