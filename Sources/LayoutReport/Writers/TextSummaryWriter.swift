/// The terminal summary of a report (`layout report --format text`): one fact per line,
/// `label: value`, stable enough to grep.
public struct TextSummaryWriter: Sendable {
    public init() {}

    /// The summary's lines, joined with newlines and ending with one.
    public func string(_ report: ReportDocument) -> String {
        lines(report).joined(separator: "\n") + "\n"
    }

    /// The summary, line by line.
    public func lines(_ report: ReportDocument) -> [String] {
        let result = report.result
        let noun = report.elementNoun
        var lines = [
            "\(result.kind): \(report.title)",
            "sections: \(report.sectionCount)",
            "\(noun): \(report.elementCount)",
            "content size: \(Format.number(result.contentSize.width)) × \(Format.number(result.contentSize.height))",
            "viewport: \(Format.number(report.viewport.height)) at offset \(Format.number(report.viewport.offset))",
            "visible \(noun): \(result.visible.count) \(Format.indexPaths(result.visible))",
        ]
        if result.isTable {
            lines.append("table header: \(Format.rect(result.tableHeader))")
            lines.append("table footer: \(Format.rect(result.tableFooter))")
        }
        let pins = result.pinnedHeaders.map { "section \($0.section) at \(Format.rect($0.rect))" }
        lines.append("pinned headers: " + (pins.isEmpty ? "none" : pins.joined(separator: ", ")))
        for (i, section) in result.sections.prefix(20).enumerated() {
            lines.append("section \(i): \(Format.rect(section.rect)), \(section.elements.count) \(noun), "
                         + "header \(Format.rect(section.header)), footer \(Format.rect(section.footer))")
        }
        if result.sections.count > 20 { lines.append("… \(result.sections.count - 20) more sections") }
        for (i, answer) in result.queries.enumerated() {
            lines.append("query \(i): \(Format.answer(answer))")
        }
        lines.append(estimationLine(report))
        if !report.timings.isEmpty {
            lines.append("timings: " + report.timings.map { "\($0.phase) \(Format.duration($0.seconds))" }.joined(separator: ", "))
        }
        for warning in result.warnings ?? [] { lines.append("warning: \(warning)") }
        return lines
    }

    private func estimationLine(_ report: ReportDocument) -> String {
        if let e = report.estimation {
            let percent = Format.number((e.relativeError * 10000).rounded() / 100)
            return "estimation: estimated \(Format.number(e.estimatedContentLength)), exact "
                + "\(Format.number(e.exactContentLength)), error \(Format.number(e.error)) (\(percent)%), "
                + "\(e.measuredCount) measured, \(e.estimatedCount) still estimated"
        }
        let estimated = report.estimatedElementCount
        return estimated == 0 ? "estimation: none (every \(report.elementNoun.dropLast()) exact)"
            : "estimation: \(estimated) \(report.elementNoun) still estimated"
    }
}
