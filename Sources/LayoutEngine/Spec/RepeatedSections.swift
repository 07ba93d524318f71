/// A section as written in a spec, which may stand for several (`"repeat": N`).
public protocol RepeatedSection {
    /// How many sections this one stands for (≥ 1).
    var repeatCount: Int { get }
}

extension SectionSpec: RepeatedSection {}
extension GridSectionSpec: RepeatedSection {}

extension Array where Element: RepeatedSection {
    /// The number of sections, repeats expanded.
    var expandedCount: Int { reduce(0) { $0 + $1.repeatCount } }

    /// The section standing at `index` once repeats are expanded, or nil when out of range.
    func expanded(at index: Int) -> Element? {
        guard index >= 0 else { return nil }
        var first = 0
        for section in self {
            if index < first + section.repeatCount { return section }
            first += section.repeatCount
        }
        return nil
    }
}
