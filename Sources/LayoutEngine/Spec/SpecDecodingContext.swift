/// Limits that keep a spec from asking for more than one machine can lay out.
public enum SpecLimits {
    /// The most rows (or items) a spec may generate in all, nested tables and grids included.
    public static let maximumElements = 10_000_000
    /// The most sections a spec may generate in all.
    public static let maximumSections = 1_000_000
    /// The largest index accepted in an index path, update or query.
    public static let maximumIndex = 100_000_000
    /// The deepest nesting of tables and grids inside rows.
    public static let maximumNesting = 16
}

/// State shared by one decoding pass: warnings, the running element and section counts that
/// enforce `SpecLimits`, and the text style names visible at the current nesting level.
///
/// Used by one thread during one `LayoutSpec.decode` call and never escapes it.
final class SpecDecodingContext {
    private(set) var warnings: [SpecWarning] = []
    /// Rows and items generated so far.
    private(set) var elements = 0
    /// Sections generated so far.
    private(set) var sections = 0
    var nesting = 0
    /// Text style names defined by the enclosing specs (nested tables inherit them).
    var textStyleNames: Set<String> = []
    /// Layout templates defined by the enclosing specs (`"templates"`), by name.
    var templates: [String: SpecNode] = [:]
    /// Layouts already decoded from a template and its data: identical uses decode once.
    var templateUses: [TemplateUse: CellLayoutSpec] = [:]
    /// One identity per distinct list of text style choices (every row of a template writes the
    /// same list): computing resolves each list once, keyed by it, without hashing the list per row.
    var styleChoices: [[CellLayoutSpec.TextStyleChoice]: CellLayoutSpec.Identity] = [:]

    struct TemplateUse: Hashable {
        var name: String
        var data: JSONObject
    }

    func warn(_ path: JSONPath, _ message: String) {
        warnings.append(SpecWarning(path, message))
    }

    /// Counts `count × times` more rows or items, failing at `path` past the limit.
    func addElements(_ count: Int, times: Int = 1, at path: JSONPath, noun: String) throws {
        let (total, overflow) = count.multipliedReportingOverflow(by: times)
        let (sum, overflow2) = elements.addingReportingOverflow(total)
        guard !overflow, !overflow2, sum <= SpecLimits.maximumElements else {
            throw SpecError(path, "the spec generates more than \(SpecLimits.maximumElements) \(noun) in all (the limit)")
        }
        elements = sum
    }

    /// Counts `count × times` more sections, failing at `path` past the limit.
    func addSections(_ count: Int, times: Int = 1, at path: JSONPath) throws {
        let (total, overflow) = count.multipliedReportingOverflow(by: times)
        let (sum, overflow2) = sections.addingReportingOverflow(total)
        guard !overflow, !overflow2, sum <= SpecLimits.maximumSections else {
            throw SpecError(path, "the spec generates more than \(SpecLimits.maximumSections) sections in all (the limit)")
        }
        sections = sum
    }
}
