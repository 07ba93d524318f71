/// A self-contained HTML report (`layout report SPEC -o OUT.html`): the SVG picture, summary
/// tables (overview, sections, queries), the estimated-vs-exact analysis and the timings. No
/// scripts, fonts or files are loaded from anywhere.
public struct HTMLReportWriter: Sendable {
    public var picture: SVGPicture
    /// The most sections listed in the sections table.
    public var maximumSectionRows: Int

    public init(picture: SVGPicture = SVGPicture(), maximumSectionRows: Int = 200) {
        self.picture = picture
        self.maximumSectionRows = maximumSectionRows
    }

    /// The whole HTML document.
    public func string(_ report: ReportDocument) -> String {
        let result = report.result
        let noun = report.elementNoun
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(HTML.escape(report.title)) — layout report</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <h1>\(HTML.escape(report.title))</h1>
        <p class="kind">\(result.kind) layout, schema version \(report.schemaVersion)</p>
        <div class="columns">
        <figure>\(picture.svg(report))
        <figcaption>Each \(noun.dropLast()) as a phone would show it (text drawn from the font files; hover for its index path, height source and line count); headers and footers blue, hatched = still estimated, pinned headers outlined red, the viewport dashed.</figcaption>
        </figure>
        <div class="tables">

        """
        html += table("Overview", header: nil, rows: overviewRows(report))
        html += sectionsTable(report)
        if !result.queries.isEmpty {
            html += table("Queries", header: ["#", "answer"],
                          rows: result.queries.enumerated().map { [String($0.offset), Format.answer($0.element)] })
        }
        html += estimationSection(report)
        if !report.timings.isEmpty {
            html += table("Timings", header: ["phase", "time"],
                          rows: report.timings.map { [$0.phase, Format.duration($0.seconds)] })
        }
        if let warnings = result.warnings, !warnings.isEmpty {
            html += "<h2>Warnings</h2>\n<ul>" + warnings.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += "</div>\n</div>\n</body>\n</html>\n"
        return html
    }

    private func overviewRows(_ report: ReportDocument) -> [[String]] {
        let r = report.result
        var rows = [
            ["kind", r.kind],
            ["content size", "\(Format.number(r.contentSize.width)) × \(Format.number(r.contentSize.height))"],
            ["sections", String(report.sectionCount)],
            [report.elementNoun, String(report.elementCount)],
            ["viewport", "\(Format.number(report.viewport.height)) at offset \(Format.number(report.viewport.offset))"],
            ["visible \(report.elementNoun)", "\(r.visible.count): \(Format.indexPaths(r.visible))"],
            ["pinned headers", r.pinnedHeaders.isEmpty ? "none"
                : r.pinnedHeaders.map { "section \($0.section) at \(Format.rect($0.rect))" }.joined(separator: "; ")],
        ]
        if r.isTable {
            rows.append(["table header", Format.rect(r.tableHeader)])
            rows.append(["table footer", Format.rect(r.tableFooter)])
        }
        return rows
    }

    private func sectionsTable(_ report: ReportDocument) -> String {
        let sections = report.result.sections
        var rows = sections.prefix(maximumSectionRows).enumerated().map { i, s in
            [String(i), Format.rect(s.rect), Format.rect(s.header), Format.rect(s.footer), String(s.elements.count)]
        }
        if sections.count > maximumSectionRows {
            rows.append(["…", "\(sections.count - maximumSectionRows) more sections", "", "", ""])
        }
        return table("Sections", header: ["#", "rect", "header", "footer", report.elementNoun], rows: rows)
    }

    private func estimationSection(_ report: ReportDocument) -> String {
        var rows: [[String]] = []
        if let e = report.estimation {
            rows = [
                ["estimated content length", Format.number(e.estimatedContentLength)],
                ["exact content length", Format.number(e.exactContentLength)],
                ["error (exact − estimated)", Format.number(e.error)],
                ["relative error", Format.number((e.relativeError * 10000).rounded() / 100) + " %"],
                ["measured \(report.elementNoun)", String(e.measuredCount)],
                ["still estimated", String(e.estimatedCount)],
            ]
        } else {
            let estimated = report.estimatedElementCount
            rows = [["still estimated", estimated == 0 ? "none: every \(report.elementNoun.dropLast()) is exact" : String(estimated)]]
        }
        return table("Estimated vs exact", header: nil, rows: rows)
    }

    private func table(_ title: String, header: [String]?, rows: [[String]]) -> String {
        var out = "<h2>\(HTML.escape(title))</h2>\n<table>\n"
        if let header {
            out += "<tr>" + header.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr>\n"
        }
        for row in rows {
            if header == nil, row.count == 2 {
                out += "<tr><th>\(HTML.escape(row[0]))</th><td>\(HTML.escape(row[1]))</td></tr>\n"
            } else {
                out += "<tr>" + row.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>\n"
            }
        }
        return out + "</table>\n"
    }

    static let css = """
    body{font:14px/1.4 -apple-system,"DejaVu Sans",sans-serif;margin:24px;color:#222}
    h1{font-size:20px;margin:0}.kind{color:#666;margin-top:4px}
    .columns{display:flex;gap:32px;align-items:flex-start;flex-wrap:wrap}
    figure{margin:0;max-height:90vh;overflow:auto;border:1px solid #ddd;flex:none}
    figcaption{font-size:12px;color:#666;padding:6px;max-width:420px}
    .tables{flex:1 1 360px;min-width:0}
    table{border-collapse:collapse;margin-bottom:16px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;font-variant-numeric:tabular-nums}
    th{background:#f5f5f5}h2{font-size:16px;margin:16px 0 6px}
    svg rect{stroke-width:0.5}
    .content{fill:#fff;stroke:#999}.section{fill:#eee;stroke:#bbb}
    .header,.footer,.table-header,.table-footer{fill:#cfe0f7;stroke:#6a93c9}
    .row,.item{fill:#d7efd2;stroke:#5d9c54}.estimated{fill:url(#hatch)}
    .frame{fill:none;stroke:#2a7a55;stroke-width:0.6}.frame.leaf{fill:rgba(42,122,85,0.14)}
    .nested{opacity:0.8}.pinned{fill:none;stroke:#d33;stroke-width:1.5}
    .viewport{fill:rgba(80,120,200,0.06);stroke:#3a62b5;stroke-dasharray:4 3;stroke-width:1}
    .note{font-size:12px;color:#a60}
    .label{font:9px "DejaVu Sans",sans-serif;fill:#2d4a2a;pointer-events:none}
    .cell-bg{fill:#fff;stroke:none}.cell:hover .cell-bg{fill:#eef4ff}
    .cell-frame{fill:#fff;fill-opacity:0;stroke:#9cc3ad;stroke-width:0.4;stroke-dasharray:2 2}
    .glyphs{fill:#111;stroke:none}.title .glyphs{fill:#5f5f66}.emoji{fill:#f5c542;stroke:#c99a1e;stroke-width:0.5}
    .image{fill:#dfe3e8;stroke:#b7bec7;stroke-width:0.5}.image-mark{fill:#c3cad3;stroke:none}
    .separator{fill:#c6c6c8;stroke:none}
    .chevron,.check,.info{fill:none;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
    .chevron{stroke:#c4c4c7}.check,.info{stroke:#007aff}.info{stroke-width:1.5}
    .custom-accessory{fill:#34c759;stroke:none}
    .section-index{font:bold 10px "DejaVu Sans",sans-serif;fill:#007aff;text-anchor:middle}
    """
}
