import LayoutGeometry

/// Lays out a spec and answers its queries: the one seam between the spec/report layer and
/// the engines (`TableLayout`, `FlowLayout`, with text measured by `TextLayout`).
///
/// Phase contract: (1) the spec has been decoded and validated (`LayoutSpec.decode`);
/// (2) content is sized (text measured at the content width) — lazily for estimated rows;
/// (3) geometry is laid out, `updates` applied in order, `queries` answered on the final
/// layout; (4) the result is returned as a plain value. Errors the spec's shape cannot catch
/// (a batch that names a missing row, a font that cannot be found) are `ComputeError`s.
///
/// A convenience for `Layouter.shared.compute(spec, options: options)`: the fonts are loaded once
/// per process and shared by every call (keep your own `Layouter` to choose when).
///
/// - Parameters:
///   - spec: a decoded spec.
///   - options: how much detail to return and where the fonts are.
public func compute(_ spec: LayoutSpec, options: ComputeOptions = ComputeOptions()) throws(ComputeError) -> ComputeResult {
    try Layouter.shared.compute(spec, options: options)
}

/// Options of `compute(_:options:)`.
public struct ComputeOptions: Hashable, Sendable {
    /// How much of the geometry to return.
    public var detail: ComputeDetail
    /// A directory of fonts put in front of the bundled fonts (`Fonts/`, found next to the package
    /// or through `LAYOUT_FONTS_DIR`); nil = the bundled fonts alone.
    public var fontDirectory: String?
    /// What text falls back to after its font: the font directories (`.bundled`, the default) or
    /// then the system's fonts through fontconfig (`.system`, the CLI's `--fallback system`).
    public var fontFallback: FontFallback = .bundled
    /// Whether to measure every estimated row on a copy of the final layout, to report how far the
    /// estimated content height was from the exact one (`ComputeResult.estimation`; reports do).
    public var analyzesEstimation: Bool
    /// Whether to draw rows as a phone would (`ElementGeometry.picture`: texts as glyph outlines,
    /// images, accessories, separators) — for the first `drawnRowLimit` rows of a table and the
    /// visible ones; `layout report` does. Off by default (it costs a text layout per label).
    public var drawsCells = false
    /// How many rows (in order) `drawsCells` draws at most, besides the visible ones.
    public var drawnRowLimit = 400

    public init(detail: ComputeDetail = .full, fontDirectory: String? = nil, analyzesEstimation: Bool = false) {
        self.detail = detail
        self.fontDirectory = fontDirectory
        self.analyzesEstimation = analyzesEstimation
    }
}

/// Full geometry, or only what `--summary` prints (no per-row rects: a million-row table's
/// summary needs no million-element array).
public enum ComputeDetail: String, Hashable, Sendable, CaseIterable {
    case full, summary
}

/// A failure while laying out a valid spec.
public enum ComputeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine for this kind of spec is not part of this build yet.
    case engineUnavailable(String)
    /// A batch update that UIKit would refuse, with UIKit's reason and the batch's path.
    case invalidUpdate(path: String, reason: String)
    /// A problem measuring text (a font that cannot be loaded, …), with where it arose.
    case measurement(path: String, message: String)
    /// Something valid in a spec that this build cannot lay out, with its path.
    case unsupported(path: String, message: String)
    /// A combination of values the layout refuses (insets that leave no room for items, more
    /// columns than fit), with the JSON path of the value at fault.
    case invalidLayout(path: String, message: String)

    public var description: String {
        switch self {
        case .engineUnavailable(let kind):
            return "the \(kind) layout engine is not available in this build yet; the spec is valid"
        case .invalidUpdate(let path, let reason): return "\(path): \(reason)"
        case .measurement(let path, let message): return "\(path): \(message)"
        case .unsupported(let path, let message): return "\(path): \(message)"
        case .invalidLayout(let path, let message): return "\(path): \(message)"
        }
    }
}
