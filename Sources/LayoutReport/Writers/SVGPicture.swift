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
        if let titles = report.sectionIndexTitles, !titles.isEmpty, !horizontal {
            // The section index, as UIKit draws it: centred on the viewport's right edge (its left
            // edge right to left).
            let step = min(14, vp.height / Double(max(1, titles.count)))
            var y = vp.offset + (vp.height - step * Double(titles.count)) / 2 + step * 0.75
            body += "<g class=\"section-index-group\"><title>section index: \(HTML.escape(titles.joined(separator: " ")))</title>"
            for t in titles {
                body += "<text class=\"section-index\" x=\"\(Format.number(report.layoutDirection == "rightToLeft" ? 7.5 : result.contentSize.width - 7.5))\" y=\"\(Format.number(y))\">"
                    + "\(HTML.escape(t))</text>"
                y += step
            }
            body += "</g>\n"
        }
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
        if let header = result.tableHeader {
            out += rect(header, prefix + "table-header", title: "table header \(Format.rect(header))")
            out += drawView(result.tableHeaderFrames, result.tableHeaderPicture, at: header, name: "table header",
                            drawn: &drawn, horizontal: horizontal, depth: depth)
        }
        if let footer = result.tableFooter {
            out += rect(footer, prefix + "table-footer", title: "table footer \(Format.rect(footer))")
            out += drawView(result.tableFooterFrames, result.tableFooterPicture, at: footer, name: "table footer",
                            drawn: &drawn, horizontal: horizontal, depth: depth)
        }
        for (s, section) in result.sections.enumerated() {
            if drawn >= maximumElements { break }
            out += rect(section.rect, prefix + "section", title: "section \(s) \(Format.rect(section.rect))")
            if let header = section.header {
                out += rect(header, prefix + "header", title: "header of section \(s) \(Format.rect(header))")
                out += drawView(section.headerFrames, section.headerPicture, at: header, name: "header of section \(s)",
                                drawn: &drawn, horizontal: horizontal, depth: depth)
                if depth == 0 && section.headerPicture == nil && section.headerFrames == nil { out += label(header, "section \(s)") }
            }
            if let footer = section.footer {
                out += rect(footer, prefix + "footer", title: "footer of section \(s) \(Format.rect(footer))")
                out += drawView(section.footerFrames, section.footerPicture, at: footer, name: "footer of section \(s)",
                                drawn: &drawn, horizontal: horizontal, depth: depth)
            }
            for (r, element) in section.elements.enumerated() {
                if drawn >= maximumElements {
                    if depth == 0 { cut = horizontal ? element.rect[0] : element.rect[1] }
                    break
                }
                drawn += 1
                let pictured = element.picture.map { $0.heightSource != "estimated" } ?? false
                if let picture = element.picture, pictured, element.rect.count == 4 {
                    out += drawCell(picture, element: element, name: "\(noun) [\(s), \(r)]")
                } else {
                    let classes = prefix + noun + (element.estimated ? " estimated" : "")
                    out += rect(element.rect, classes, title: "\(noun) [\(s), \(r)] \(Format.rect(element.rect))"
                                + (element.estimated ? " (estimated)" : ""))
                    if depth == 0 && element.nested == nil && element.frames == nil { out += label(element.rect, "[\(s), \(r)]") }
                }
                if !pictured, let frames = element.frames, element.rect.count == 4 {
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
                // Tables and grids inside a composed cell: their rows or items outlined as a row's own
                // nested ones are (their results are in the row's coordinates).
                for frame in element.frames ?? [] where element.rect.count == 4 {
                    guard let nested = frame.nested else { continue }
                    out += "<g transform=\"translate(\(Format.number(element.rect[0])) \(Format.number(element.rect[1])))\">\n"
                    var ignored = 0.0
                    draw(nested, into: &out, drawn: &drawn, cut: &ignored, horizontal: horizontal, depth: depth + 1)
                    out += "</g>\n"
                }
            }
        }
    }

    /// A header or footer view at `rect`: a composed one's frames (outlined faintly when its texts
    /// are drawn over them) with the tables and grids inside, and its picture's texts.
    private func drawView(_ frames: [FrameDocument]?, _ picture: PictureDocument?, at rect: [Double], name: String,
                          drawn: inout Int, horizontal: Bool, depth: Int) -> String {
        guard rect.count == 4 else { return "" }
        var out = ""
        if let frames {
            out += drawComposed(frames, at: rect, name: name, drawn: &drawn, horizontal: horizontal, depth: depth, labelled: picture == nil)
        }
        if let picture { out += drawTexts(picture, at: rect) }
        return out
    }

    /// A composed header's or footer's frames at `origin`, and the tables and grids inside it.
    /// (`labelled` false: its texts are drawn over it, so the frames are outlined faintly, unlabelled,
    /// as a drawn row's are.)
    private func drawComposed(_ frames: [FrameDocument], at origin: [Double], name: String, drawn: inout Int,
                              horizontal: Bool, depth: Int, labelled: Bool = true) -> String {
        var out = "<g transform=\"translate(\(Format.number(origin[0])) \(Format.number(origin[1])))\">\n"
        if labelled {
            out += drawFrames(frames, row: name)
        } else {
            for f in frames where f.rect.count == 4 {
                let path = f.path.isEmpty ? "root" : f.path.map(String.init).joined(separator: ".")
                out += rect(f.rect, "cell-frame", title: "\(name) element \(path) \(f.id.map { "\"\($0)\" " } ?? "")\(Format.rect(f.rect))")
            }
        }
        for frame in frames {
            guard let nested = frame.nested else { continue }
            var ignored = 0.0
            draw(nested, into: &out, drawn: &drawn, cut: &ignored, horizontal: horizontal, depth: depth + 1)
        }
        return out + "</g>\n"
    }

    /// A row as a phone would show it (`PictureDocument`): a white cell, its texts as glyph
    /// outlines, image placeholders, the accessory, the separator, and a composed cell's frames
    /// outlined faintly; hovering it shows its index path, rect, height source and line count.
    private func drawCell(_ picture: PictureDocument, element: ElementDocument, name: String) -> String {
        let r = element.rect
        let lines = picture.lineCount
        let title = "\(name) \(Format.rect(r)) · height: \(picture.heightSource) · \(lines) line\(lines == 1 ? "" : "s")"
            + (picture.texts.contains(where: \.truncated) ? " · truncated" : "")
        var out = "<g class=\"cell\" transform=\"translate(\(Format.number(r[0])) \(Format.number(r[1])))\">"
            + "<title>\(HTML.escape(title))</title>\n"
        out += "<rect class=\"cell-bg\" x=\"0\" y=\"0\" width=\"\(Format.number(r[2]))\" height=\"\(Format.number(r[3]))\"/>\n"
        for f in element.frames ?? [] where f.rect.count == 4 {
            let path = f.path.isEmpty ? "root" : f.path.map(String.init).joined(separator: ".")
            let id = f.id.map { "\"\($0)\" " } ?? ""
            out += "<rect class=\"cell-frame\" x=\"\(Format.number(f.rect[0]))\" y=\"\(Format.number(f.rect[1]))\" width=\""
                + "\(Format.number(f.rect[2]))\" height=\"\(Format.number(f.rect[3]))\"><title>"
                + HTML.escape("\(name) element \(path) \(id)\(Format.rect(f.rect))") + "</title></rect>\n"
        }
        for image in picture.images where image.count == 4 {
            let (x, y, w, h) = (image[0], image[1], image[2], image[3])
            out += "<rect class=\"image\" x=\"\(Format.number(x))\" y=\"\(Format.number(y))\" width=\"\(Format.number(w))\" height=\""
                + "\(Format.number(h))\" rx=\"\(Format.number(min(w, h) * 0.12))\"/>"
                + "<path class=\"image-mark\" d=\"M\(Format.number(x)),\(Format.number(y + h))L\(Format.number(x + w * 0.4)),"
                + "\(Format.number(y + h * 0.55))L\(Format.number(x + w * 0.6)),\(Format.number(y + h * 0.75))L"
                + "\(Format.number(x + w * 0.8)),\(Format.number(y + h * 0.5))L\(Format.number(x + w)),\(Format.number(y + h))Z\"/>\n"
        }
        out += drawTexts(picture, at: nil)
        if let accessory = picture.accessory, accessory.rect.count == 4 { out += drawAccessory(accessory) }
        if let line = picture.separator, line.count == 4 {
            out += "<rect class=\"separator\" x=\"\(Format.number(line[0]))\" y=\"\(Format.number(line[1]))\" width=\""
                + "\(Format.number(line[2]))\" height=\"\(Format.number(line[3]))\"/>\n"
        }
        return out + "</g>\n"
    }

    /// A picture's texts as glyph outlines (in a `translate` to `origin`'s corner when given).
    private func drawTexts(_ picture: PictureDocument, at origin: [Double]?) -> String {
        var out = origin.map { "<g class=\"title\" transform=\"translate(\(Format.number($0[0])) \(Format.number($0[1])))\">" } ?? ""
        for text in picture.texts where text.rect.count == 4 {
            out += "<g class=\"text\" transform=\"translate(\(Format.number(text.rect[0])) \(Format.number(text.rect[1])))\">"
                + "<path class=\"glyphs\" d=\"\(text.path)\"><title>\(HTML.escape(text.text))</title></path>"
            for box in text.bitmapGlyphs where box.count == 4 {
                out += "<rect class=\"emoji\" x=\"\(Format.number(box[0]))\" y=\"\(Format.number(box[1]))\" width=\""
                    + "\(Format.number(box[2]))\" height=\"\(Format.number(box[3]))\" rx=\"\(Format.number(box[2] * 0.3))\"/>"
            }
            out += "</g>\n"
        }
        return out + (origin == nil ? "" : "</g>\n")
    }

    /// UIKit's accessory glyphs, drawn in the accessory's frame: a chevron, a checkmark, an info
    /// button (with a chevron for the disclosure button), a switch-like box for a custom view.
    private func drawAccessory(_ a: PictureAccessoryDocument) -> String {
        let (x, y, w, h) = (a.rect[0], a.rect[1], a.rect[2], a.rect[3])
        let cy = y + h / 2
        let n = Format.number
        func chevron(_ cx: Double) -> String {
            "<path class=\"chevron\" d=\"M\(n(cx - 3)),\(n(cy - 6))L\(n(cx + 3)),\(n(cy))L\(n(cx - 3)),\(n(cy + 6))\"/>"
        }
        func info(_ cx: Double) -> String {
            "<circle class=\"info\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"10\"/><path class=\"info\" d=\"M\(n(cx)),\(n(cy - 2))L\(n(cx)),"
                + "\(n(cy + 5))M\(n(cx)),\(n(cy - 6))L\(n(cx)),\(n(cy - 4.5))\"/>"
        }
        var out = "<g class=\"accessory\"><title>accessory: \(HTML.escape(a.kind)) \(Format.rect(a.rect))</title>"
        switch a.kind {
        case "disclosureIndicator": out += chevron(x + w - 20)
        case "checkmark": out += "<path class=\"check\" d=\"M\(n(x + w - 30)),\(n(cy))L\(n(x + w - 25)),\(n(cy + 5))L\(n(x + w - 16)),\(n(cy - 6))\"/>"
        case "detailButton": out += info(x + w - 26)
        case "detailDisclosureButton": out += info(x + w - 46) + chevron(x + w - 20)
        default:
            let bw = max(0, w - 15)
            out += "<rect class=\"custom-accessory\" x=\"\(n(x))\" y=\"\(n(cy - 15.5))\" width=\"\(n(bw))\" height=\"31\" rx=\"15.5\"/>"
        }
        return out + "</g>\n"
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
