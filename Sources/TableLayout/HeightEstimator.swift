import LayoutGeometry

/// An estimator that learns: the mean measured height per content kind
/// (`TableContent.estimationKind`), used for new estimates when
/// `TableConfiguration.learnsEstimates` is on. Bounded: one entry per kind seen, at most
/// `maximumKinds` kinds (further kinds are not learned).
public struct HeightEstimator: Hashable, Sendable {
    /// Per kind: the sum of its measured heights and how many there were (one table: a copy of
    /// a table that records a height copies one dictionary, not two).
    var samples: [Int: Sample] = [:]

    struct Sample: Hashable, Sendable {
        var sum = 0.0
        var count = 0
    }

    /// The most kinds remembered.
    public static var maximumKinds: Int { 4096 }

    public init() {}

    /// Records a measured height of `kind`.
    public mutating func record(kind: Int, height: Double) {
        guard samples[kind] != nil || samples.count < Self.maximumKinds else { return }
        samples[kind, default: Sample()].sum += height
        samples[kind, default: Sample()].count += 1
    }

    /// The mean measured height of `kind`, or nil before any was measured.
    public func mean(forKind kind: Int) -> Double? {
        guard let s = samples[kind], s.count > 0 else { return nil }
        return s.sum / Double(s.count)
    }

    /// How many heights of `kind` were recorded.
    public func sampleCount(forKind kind: Int) -> Int { samples[kind]?.count ?? 0 }
}

/// How far estimates were from exact heights, over the elements measured so far.
public struct EstimationStatistics: Hashable, Sendable {
    /// Rows that changed from estimated to exact (headers and footers are not counted).
    public var measuredCount: Int = 0
    /// What those elements counted as before they were measured.
    public var estimatedHeight: Double = 0
    /// Their exact heights.
    public var exactHeight: Double = 0

    public init() {}

    /// exact − estimated: how much the content height grew (positive) or shrank because of
    /// estimation errors so far.
    public var error: Double { exactHeight - estimatedHeight }
    /// The mean absolute-free relative error, `error / exactHeight` (0 when nothing measured).
    public var relativeError: Double { exactHeight > 0 ? error / exactHeight : 0 }
}

/// The result of `layoutViewport(offset:height:)`.
public struct ViewportLayout: Hashable, Sendable {
    /// The offset to scroll to so that the anchor row stays where it was on screen.
    public var offset: Double
    /// `offset` − the requested offset.
    public var correction: Double
    /// The rows visible in `[offset, offset + height)` after measuring.
    public var rows: [IndexPath]
    /// How many elements were measured.
    public var measuredCount: Int
}
