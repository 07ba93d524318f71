import LayoutGeometry

/// One section's geometry, stored compactly (struct of arrays, no per-item objects).
///
/// Item sizes are the natural sizes (the estimate until a self-sizing item is measured);
/// the length along a line is clamped to the room on the line when laid out, never stored
/// clamped, so a change of container width re-clamps correctly. Positions along the scroll
/// (main) axis are local to the section (0 = the section's leading edge, header included);
/// positions across are content coordinates. Lines are three parallel arrays: the index of
/// their first item, their main-axis origin and their thickness.
struct FlowSectionStore: Sendable {
    /// Bits of `flags`.
    enum Flag {
        /// The item's size is the configuration's default (re-resolved when it changes).
        static let usesDefault: UInt8 = 1
        /// The item is self-sizing.
        static let selfSizing: UInt8 = 2
        /// The item has been measured (its size is exact).
        static let measured: UInt8 = 4
        /// The sizer answered an unusable size; the estimate was kept.
        static let invalidMeasurement: UInt8 = 8
    }

    var overrides: FlowSectionOverrides
    var metrics: FlowSectionMetrics
    var widths: [Double] = []
    var heights: [Double] = []
    var flags: [UInt8] = []
    /// Cross-axis origin of each item.
    var itemCross: [Double] = []
    /// First item of each line.
    var lineStart: [Int] = []
    /// Main-axis origin of each line (section-local).
    var lineMain: [Double] = []
    /// Main-axis extent of each line (its thickest item).
    var lineThickness: [Double] = []
    /// Where the footer starts (section-local).
    var footerStart = 0.0
    /// The section's main-axis extent, header and footer included.
    var length = 0.0

    init(overrides: FlowSectionOverrides, metrics: FlowSectionMetrics) {
        self.overrides = overrides
        self.metrics = metrics
    }

    var itemCount: Int { widths.count }
    var lineCount: Int { lineStart.count }

    /// The end (exclusive) of line `line`'s items.
    @inline(__always)
    func lineEnd(_ line: Int) -> Int { line + 1 < lineStart.count ? lineStart[line + 1] : widths.count }

    /// The line holding `item` (binary search over `lineStart`); `item` must be in range.
    func line(ofItem item: Int) -> Int {
        var low = 0, high = lineStart.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if lineStart[mid] <= item { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The first line whose main-axis end is beyond `position` (lines' ends increase).
    func firstLine(endingAfter position: Double) -> Int {
        var low = 0, high = lineStart.count
        while low < high {
            let mid = (low + high) >> 1
            if lineMain[mid] + lineThickness[mid] > position { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The item's natural length along `axis`.
    @inline(__always)
    func length(of item: Int, along axis: Axis) -> Double {
        axis == .horizontal ? widths[item] : heights[item]
    }
}

/// A section's spacing and room, resolved from the configuration and its overrides.
struct FlowSectionMetrics: Sendable, Hashable {
    var inset: EdgeInsets
    var lineSpacing: Double
    var interitemSpacing: Double
    /// Header extent along the main axis (0: no header).
    var headerLength: Double
    /// Footer extent along the main axis (0: no footer).
    var footerLength: Double
    /// Cross-axis origin of the room for items.
    var crossLead: Double
    /// Cross-axis room for items on a line.
    var available: Double

    init(configuration c: FlowConfiguration, overrides o: FlowSectionOverrides) {
        let main = c.scrollDirection, cross = main.cross
        inset = o.inset ?? c.sectionInset
        lineSpacing = o.minimumLineSpacing ?? c.minimumLineSpacing
        interitemSpacing = o.minimumInteritemSpacing ?? c.minimumInteritemSpacing
        headerLength = (o.headerSize ?? c.headerReferenceSize).length(along: main)
        footerLength = (o.footerSize ?? c.footerReferenceSize).length(along: main)
        crossLead = inset.leading(along: cross)
        available = FlowSectionMetrics.contentCross(c) - inset.leading(along: cross) - inset.trailing(along: cross)
    }

    /// The cross extent of the content: the container's minus the content inset's edges.
    static func contentCross(_ c: FlowConfiguration) -> Double {
        let cross = c.scrollDirection.cross
        return c.containerSize.length(along: cross) - c.contentInset.leading(along: cross)
            - c.contentInset.trailing(along: cross)
    }
}
