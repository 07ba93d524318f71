/// The SVG picture of a layout: section bands, headers, footers, rows or items (estimated ones
/// hatched), nested layouts inside their rows, pinned headers where they are drawn, and the
/// viewport band.
///
/// The picture is in content coordinates (1 unit = 1 pt). A huge layout is cut after
/// `maximumElements` rows/items (and the picture says so) so the file stays small.
public struct SVGPicture: Sendable {
    /// The most rows/items drawn, nested ones included.
    public var maximumElements: Int

    public init(maximumElements: Int = 3000) { self.maximumElements = maximumElements }

    /// The `<svg>` element.
    public func svg(_ report: ReportDocument) -> String {
        let result = report.result
        let horizontal = report.scrollDirection == "horizontal"
        var body = ""
        var drawn = 0
        var limit = horizontal ? result.contentSize.width : result.contentSize.height
        draw(result, into: &body, drawn: &drawn, cut: &limit, horizontal: horizontal, depth: 0)
        let truncated = drawn >= maximumElements
        // Viewport band and pinned headers.
        let vp = report.viewport
        let band = horizontal
            ? [vp.offset, 0, vp.height, result.contentSize.height]
            : [0, vp.offset, result.contentSize.width, vp.height]
        body += rect(band, "viewport", title: "viewport: \(Format.number(vp.height)) at offset \(Format.number(vp.offset))")
        for pin in result.pinnedHeaders {
            body += rect(pin.rect, "pinned", title: "pinned header of section \(pin.section) at \(Format.rect(pin.rect))")
        }
        let width = max(1, result.contentSize.width)
        let shownLength = truncated ? max(limit, horizontal ? vp.offset + vp.height : vp.offset + vp.height)
            : (horizontal ? result.contentSize.width : result.contentSize.height)
        let height = max(1, horizontal ? result.contentSize.height : shownLength)
        let viewWidth = horizontal ? max(1, shownLength) : width
        let minY = min(0, vp.offset)
        let viewBox = "0 \(Format.number(minY)) \(Format.number(viewWidth)) \(Format.number(height - minY))"
        let pixelWidth = min(420, viewWidth)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\" width=\"\(Format.number(pixelWidth))\""
            + " role=\"img\" aria-label=\"layout picture\">\n"
        svg += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
            + "<path d=\"M0,6 L6,0\" stroke=\"#b0892f\" stroke-width=\"1\"/></pattern></defs>\n"
        svg += "<rect class=\"content\" x=\"0\" y=\"0\" width=\"\(Format.number(result.contentSize.width))\" height=\""
            + "\(Format.number(result.contentSize.height))\"/>\n"
        svg += body
        svg += "</svg>"
        if truncated {
            svg += "\n<p class=\"note\">The picture shows the first \(drawn) \(report.elementNoun) of \(report.elementCount).</p>"
        }
        return svg
    }

    private func draw(_ result: ResultDocument, into out: inout String, drawn: inout Int, cut: inout Double,
                      horizontal: Bool, depth: Int) {
        let noun = result.isTable ? "row" : "item"
        let prefix = depth == 0 ? "" : "nested "
        if let header = result.tableHeader { out += rect(header, prefix + "table-header", title: "table header \(Format.rect(header))") }
        if let footer = result.tableFooter { out += rect(footer, prefix + "table-footer", title: "table footer \(Format.rect(footer))") }
        for (s, section) in result.sections.enumerated() {
            if drawn >= maximumElements { break }
            out += rect(section.rect, prefix + "section", title: "section \(s) \(Format.rect(section.rect))")
            if let header = section.header {
                out += rect(header, prefix + "header", title: "header of section \(s) \(Format.rect(header))")
                if depth == 0 { out += label(header, "section \(s)") }
            }
            if let footer = section.footer { out += rect(footer, prefix + "footer", title: "footer of section \(s) \(Format.rect(footer))") }
            for (r, element) in section.elements.enumerated() {
                if drawn >= maximumElements {
                    if depth == 0 { cut = horizontal ? element.rect[0] : element.rect[1] }
                    break
                }
                drawn += 1
                let classes = prefix + noun + (element.estimated ? " estimated" : "")
                out += rect(element.rect, classes, title: "\(noun) [\(s), \(r)] \(Format.rect(element.rect))"
                            + (element.estimated ? " (estimated)" : ""))
                if depth == 0 && element.nested == nil && element.frames == nil { out += label(element.rect, "[\(s), \(r)]") }
                if let frames = element.frames, element.rect.count == 4 {
                    out += "<g transform=\"translate(\(Format.number(element.rect[0])) \(Format.number(element.rect[1])))\">\n"
                    out += drawFrames(frames, row: "\(noun) [\(s), \(r)]")
                    out += "</g>\n"
                }
                if let nested = element.nested, element.rect.count == 4 {
                    out += "<g transform=\"translate(\(Format.number(element.rect[0])) \(Format.number(element.rect[1])))\">\n"
                    var ignored = 0.0
                    draw(nested, into: &out, drawn: &drawn, cut: &ignored, horizontal: horizontal, depth: depth + 1)
                    out += "</g>\n"
                }
            }
        }
    }

    /// A composed cell's frames: containers outlined, leaves (boxes, texts) shaded, each with a
    /// tooltip (path, id, rect) and its id written inside when it fits.
    private func drawFrames(_ frames: [FrameDocument], row: String) -> String {
        var parents: Set<[Int]> = []
        for f in frames where !f.path.isEmpty { parents.insert(Array(f.path.dropLast())) }
        var out = ""
        for f in frames {
            let leaf = !parents.contains(f.path)
            let path = f.path.isEmpty ? "root" : f.path.map(String.init).joined(separator: ".")
            let name = f.id.map { "\"\($0)\" " } ?? ""
            out += rect(f.rect, leaf ? "frame leaf" : "frame", title: "\(row) element \(path) \(name)\(Format.rect(f.rect))")
            if leaf, let id = f.id { out += label(f.rect, id) }
        }
        return out
    }

    /// A small caption inside the rect (its index path), when the rect is large enough to hold it.
    private func label(_ r: [Double], _ text: String) -> String {
        guard r.count == 4, r[3] >= 11, r[2] >= 6 * Double(text.count) else { return "" }
        return "<text class=\"label\" x=\"\(Format.number(r[0] + 4))\" y=\"\(Format.number(r[1] + r[3] / 2 + 3.5))\">"
            + "\(HTML.escape(text))</text>\n"
    }

    private func rect(_ r: [Double], _ classes: String, title: String) -> String {
        guard r.count == 4 else { return "" }
        return "<rect class=\"\(classes)\" x=\"\(Format.number(r[0]))\" y=\"\(Format.number(r[1]))\" width=\""
            + "\(Format.number(r[2]))\" height=\"\(Format.number(r[3]))\"><title>\(HTML.escape(title))</title></rect>\n"
    }
}

/// HTML escaping.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
