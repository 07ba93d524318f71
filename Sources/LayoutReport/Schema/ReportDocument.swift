import LayoutEngine

/// Everything a report shows: the result, the view it was looked at through, the
/// estimated-vs-exact analysis and the timings. `layout report --format json` writes it; the
/// text and HTML writers read it. Plain values only, so reports can be written for results
/// that were computed elsewhere (or built by hand, as the tests do).
public struct ReportDocument: Codable, Hashable, Sendable {
    public var schemaVersion: Int
    /// A title (usually the spec file's name).
    public var title: String
    /// The viewport the result's visible rows and pinned headers were computed for.
    public var viewport: ViewportDocument
    /// `"vertical"` or `"horizontal"` (horizontal grids scroll along x).
    public var scrollDirection: String
    public var result: ResultDocument
    /// Row/item counts (kept when `result` was computed in summary form).
    public var sectionCount: Int
    public var elementCount: Int
    public var estimation: EstimationDocument?
    public var timings: [TimingDocument]
    /// A table's section index titles (`sectionIndexTitles`), drawn on the viewport's right edge.
    public var sectionIndexTitles: [String]?
    /// `"rightToLeft"` for a table laid out right to left (its section index on the left edge);
    /// absent otherwise.
    public var layoutDirection: String?

    public init(title: String, viewport: ViewportDocument, scrollDirection: String = "vertical", result: ResultDocument,
                sectionCount: Int? = nil, elementCount: Int? = nil, estimation: EstimationDocument? = nil,
                timings: [TimingDocument] = [], sectionIndexTitles: [String] = []) {
        self.sectionIndexTitles = sectionIndexTitles.isEmpty ? nil : sectionIndexTitles
        self.schemaVersion = ResultDocument.currentSchemaVersion
        self.title = title
        self.viewport = viewport
        self.scrollDirection = scrollDirection
        self.result = result
        self.sectionCount = sectionCount ?? result.sections.count
        self.elementCount = elementCount ?? result.sections.reduce(0) { $0 + $1.elements.count }
        self.estimation = estimation
        self.timings = timings
    }

    /// `rows` or `items`.
    public var elementNoun: String { result.isTable ? "rows" : "items" }

    /// The number of elements still at their estimate in `result`.
    public var estimatedElementCount: Int {
        result.sections.reduce(0) { $0 + $1.elements.filter(\.estimated).count }
    }
}

/// The viewport: its extent along the scroll axis, its offset, and the content inset.
public struct ViewportDocument: Codable, Hashable, Sendable {
    public var height: Double
    public var offset: Double
    public var insetTop: Double
    public var insetBottom: Double

    public init(height: Double, offset: Double, insetTop: Double = 0, insetBottom: Double = 0) {
        self.height = height
        self.offset = offset
        self.insetTop = insetTop
        self.insetBottom = insetBottom
    }
}

/// Estimated content length vs exact, and how many elements were measured.
public struct EstimationDocument: Codable, Hashable, Sendable {
    public var estimatedContentLength: Double
    public var exactContentLength: Double
    public var measuredCount: Int
    public var estimatedCount: Int

    public init(estimatedContentLength: Double, exactContentLength: Double, measuredCount: Int, estimatedCount: Int) {
        self.estimatedContentLength = estimatedContentLength
        self.exactContentLength = exactContentLength
        self.measuredCount = measuredCount
        self.estimatedCount = estimatedCount
    }

    /// exact − estimated.
    public var error: Double { exactContentLength - estimatedContentLength }

    /// |error| / exact, or 0 for an empty layout.
    public var relativeError: Double { exactContentLength == 0 ? 0 : abs(error) / exactContentLength }

    public init(_ report: EstimationReport) {
        self.init(estimatedContentLength: report.estimatedContentLength, exactContentLength: report.exactContentLength,
                  measuredCount: report.measuredCount, estimatedCount: report.estimatedCount)
    }
}

/// One phase's duration in seconds.
public struct TimingDocument: Codable, Hashable, Sendable {
    public var phase: String
    public var seconds: Double

    public init(phase: String, seconds: Double) {
        self.phase = phase
        self.seconds = seconds
    }
}
