import LayoutGeometry

/// A spec: the input of `layout compute` and `layout report`, as described in the contract.
///
/// Phase contract: a spec is *only* a description. Decoding (`LayoutSpec.decode`) validates
/// every value and applies the contract's documented defaults (width 375, viewport 667 at 0,
/// scale 2, row height 44, item size 50 × 50, spacings 10); defaults that depend on the table
/// style (the 20-pt grouped headers and footers) are left as `.unspecified` for the table
/// engine to resolve. Nothing is measured or laid out here; `compute(_:options:)` does that.
public enum LayoutSpec: Hashable, Sendable {
    /// `"kind": "table"`: a UITableView.
    case table(TableSpec)
    /// `"kind": "grid"`: a UICollectionView with a flow (or waterfall, or column) layout.
    case grid(GridSpec)

    /// `"table"` or `"grid"`.
    public var kindName: String {
        switch self {
        case .table: return "table"
        case .grid: return "grid"
        }
    }
}

/// A decoded spec and the warnings decoding produced (unknown fields, for instance).
public struct SpecDocument: Hashable, Sendable {
    /// The spec.
    public var spec: LayoutSpec
    /// Things accepted that were probably not meant; print them on standard error.
    public var warnings: [SpecWarning]

    public init(spec: LayoutSpec, warnings: [SpecWarning] = []) {
        self.spec = spec
        self.warnings = warnings
    }
}

/// The text format of a spec file.
public enum SpecFormat: String, Hashable, Sendable, CaseIterable {
    case json
    case yaml

    /// YAML for names ending in `.yaml` or `.yml` (any case), JSON otherwise — the contract's rule.
    public init(fileName: String) {
        let lowered = fileName.lowercased()
        self = lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") ? .yaml : .json
    }
}

/// The scrolled window a layout is looked at through.
public struct ViewportSpec: Hashable, Sendable {
    /// The visible extent along the scroll axis (points).
    public var height: Double
    /// The content offset along the scroll axis (may be negative, as when pulled down).
    public var offset: Double

    /// The contract's default viewport: 667 pt at offset 0 (an iPhone 8 screen).
    public init(height: Double = 667, offset: Double = 0) {
        self.height = height
        self.offset = offset
    }
}

/// A place to scroll a row to, as UIKit's `UITableView.ScrollPosition`.
public enum ScrollPositionSpec: String, Hashable, Sendable, CaseIterable {
    case top, middle, bottom, none
}

/// A question asked of the final layout; answered, in order, in the result's `queries`.
public enum QuerySpec: Hashable, Sendable {
    /// `{"scrollToRow": [s, r], "position": …}` → `{"contentOffset": y}` (tables).
    case scrollToRow(IndexPath, position: ScrollPositionSpec)
    /// `{"indexPathAt": [x, y]}` → `{"indexPath": [s, r]}` or null.
    case indexPathAt(Point)
    /// `{"rowsIn": [x, y, w, h]}` (tables) or `{"itemsIn": …}` (grids) → `{"indexPaths": …}`.
    case elementsIn(Rect)
    /// `{"visibleAt": offset}` → `{"indexPaths": …, "pinnedHeaders": …}`.
    case visibleAt(Double)
}
