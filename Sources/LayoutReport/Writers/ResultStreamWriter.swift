import LayoutEngine

/// Writes a `ResultDocument` as JSON text piece by piece, handing the text to a sink in chunks:
/// byte for byte what `JSONWriter(style:).string(OrderedJSONEncoder().encode(document))` writes,
/// without building the value tree of every row (a million-row result in seconds, not a minute).
///
/// Only the parts that grow with the layout are written directly — the sections and their rows or
/// items; everything else (content size, visible rows, queries, a row's nested result) goes
/// through `OrderedJSONEncoder` and `JSONWriter`, so the format is defined in one place. The direct
/// path relies on the pretty style's rule (a value at most two levels deep that fits in
/// `inlineWidth` stays on one line): a document with sections, a section with rows and a row list
/// are always deeper than that; a row without a nested result is exactly two levels deep.
public struct ResultStreamWriter: Sendable {
    public var style: JSONWriter.Style

    public init(style: JSONWriter.Style = .pretty()) { self.style = style }

    /// Writes `document`, calling `sink` with pieces of about `chunkSize` UTF-8 bytes, in order.
    public func write(_ document: ResultDocument, chunkSize: Int = 1 << 20, to sink: (String) -> Void) throws {
        let writer = JSONWriter(style: style)
        guard !document.sections.isEmpty else {
            sink(writer.string(try OrderedJSONEncoder().encode(document)))
            return
        }
        var shell = document
        shell.sections = []
        guard case .object(let top) = try OrderedJSONEncoder().encode(shell) else {
            sink(writer.string(try OrderedJSONEncoder().encode(document)))
            return
        }
        var out = ""
        out.reserveCapacity(chunkSize + 4096)
        let flush = Flush(chunkSize: chunkSize)
        let pretty: Int?
        if case .pretty(let width) = style { pretty = width } else { pretty = nil }
        out += pretty == nil ? "{" : "{\n"
        let members = top.members
        for (i, member) in members.enumerated() {
            if pretty != nil { out += "  " }
            out += JSONWriter.quote(member.key) + (pretty == nil ? ":" : ": ")
            if member.key == "sections" {
                try writeSections(document.sections, writer: writer, width: pretty, into: &out, flush: flush, sink: sink)
            } else {
                write(member.value, writer: writer, indent: 2, into: &out)
            }
            if i + 1 < members.count { out += pretty == nil ? "," : ",\n" } else if pretty != nil { out += "\n" }
        }
        out += pretty == nil ? "}" : "}\n"
        sink(out)
    }

    /// Hands the text written so far to the sink once it holds `chunkSize` bytes.
    private struct Flush {
        let chunkSize: Int

        func callAsFunction(_ out: inout String, _ sink: (String) -> Void) {
            guard out.utf8.count >= chunkSize else { return }
            sink(out)
            out = ""
            out.reserveCapacity(chunkSize + 4096)
        }
    }

    private func write(_ value: JSONValue, writer: JSONWriter, indent: Int, into out: inout String) {
        switch style {
        case .compact: JSONWriter.writeCompact(value, into: &out)
        case .pretty(let width): writer.writePretty(value, indent: indent, inlineWidth: width, into: &out)
        }
    }

    /// The `sections` array (indent 2): every section with rows is written member by member.
    private func writeSections(_ sections: [SectionDocument], writer: JSONWriter, width: Int?,
                               into out: inout String, flush: Flush, sink: (String) -> Void) throws {
        out += width == nil ? "[" : "[\n"
        for (s, section) in sections.enumerated() {
            if width != nil { out += "    " }
            if section.elements.isEmpty {
                write(try OrderedJSONEncoder().encode(section), writer: writer, indent: 4, into: &out)
            } else {
                try writeSection(section, writer: writer, width: width, into: &out, flush: flush, sink: sink)
            }
            if s + 1 < sections.count { out += width == nil ? "," : ",\n" } else if width != nil { out += "\n" }
        }
        out += width == nil ? "]" : "  ]"
    }

    /// One section with rows (indent 4): `rect`, `header`, `footer`, then `rows` / `items` (indent 6).
    private func writeSection(_ section: SectionDocument, writer: JSONWriter, width: Int?,
                              into out: inout String, flush: Flush, sink: (String) -> Void) throws {
        let (open, colon, comma) = width == nil ? ("{", ":", ",") : ("{\n      ", ": ", ",\n      ")
        out += open
        out += "\"rect\"" + colon
        write(Self.numbers(section.rect), writer: writer, indent: 6, into: &out)
        out += comma + "\"header\"" + colon
        write(section.header.map(Self.numbers) ?? .null, writer: writer, indent: 6, into: &out)
        out += comma + "\"footer\"" + colon
        write(section.footer.map(Self.numbers) ?? .null, writer: writer, indent: 6, into: &out)
        for (key, frames) in [("headerFrames", section.headerFrames), ("footerFrames", section.footerFrames)] {
            guard let frames else { continue }
            out += comma + "\"" + key + "\"" + colon
            write(try OrderedJSONEncoder().encode(frames), writer: writer, indent: 6, into: &out)
        }
        out += comma + (section.isTable ? "\"rows\"" : "\"items\"") + colon
        out += width == nil ? "[" : "[\n"
        let count = section.elements.count
        for (r, element) in section.elements.enumerated() {
            if width != nil { out += "        " }
            try writeElement(element, writer: writer, width: width, into: &out)
            if r + 1 < count { out += width == nil ? "," : ",\n" } else if width != nil { out += "\n" }
            flush(&out, sink)
        }
        out += width == nil ? "]}" : "      ]\n    }"
    }

    /// One row or item (indent 8): directly when it has no nested result and fits on a line.
    private func writeElement(_ element: ElementDocument, writer: JSONWriter, width: Int?, into out: inout String) throws {
        if element.nested == nil, element.frames == nil, element.rect.count == 4 {
            let r = element.rect
            let estimated = element.estimated ? "true" : "false"
            if width == nil {
                out += "{\"rect\":[" + JSONWriter.format(r[0]) + "," + JSONWriter.format(r[1]) + "," + JSONWriter.format(r[2])
                    + "," + JSONWriter.format(r[3]) + "],\"estimated\":" + estimated + ",\"nested\":null}"
                return
            }
            let line = "{\"rect\": [" + JSONWriter.format(r[0]) + ", " + JSONWriter.format(r[1]) + ", " + JSONWriter.format(r[2])
                + ", " + JSONWriter.format(r[3]) + "], \"estimated\": " + estimated + ", \"nested\": null}"
            if let width, line.utf8.count <= width {
                out += line
                return
            }
        }
        if let width {
            if Self.writePrettyFrames(element, inlineWidth: width, into: &out) { return }
        } else if Self.writeCompactFrames(element, into: &out) {
            return
        }
        write(try Self.value(element) ?? OrderedJSONEncoder().encode(element), writer: writer, indent: 8, into: &out)
    }

    /// The frames of a row that is written directly: a composed cell's, with no nested result
    /// and no picture anywhere (nil: the encoder writes the row).
    static func directFrames(_ element: ElementDocument) -> [FrameDocument]? {
        guard element.nested == nil, element.picture == nil, let frames = element.frames,
              !frames.contains(where: { $0.nested != nil }) else { return nil }
        return frames
    }

    /// `[a, b, …]` as UTF-8, with ", " between the numbers in the pretty style and "," in the compact one.
    private static func appendNumbers(_ values: [Double], pretty: Bool, to bytes: inout [UInt8]) {
        bytes.append(0x5B)  // "["
        for (i, v) in values.enumerated() {
            if i > 0 { bytes.append(contentsOf: pretty ? [0x2C, 0x20] : [0x2C]) }
            JSONText.appendNumber(v, to: &bytes)
        }
        bytes.append(0x5D)  // "]"
    }

    /// One frame on one line: `{"path": […], "id": …, "rect": […]}` (without the spaces in the compact style).
    private static func appendFrame(_ f: FrameDocument, pretty: Bool, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: (pretty ? #"{"path": "# : #"{"path":"#).utf8)
        appendNumbers(f.path.map(Double.init), pretty: pretty, to: &bytes)
        bytes.append(contentsOf: (pretty ? #", "id": "# : #","id":"#).utf8)
        if let id = f.id { bytes.append(contentsOf: JSONText.string(id).utf8) } else { bytes.append(contentsOf: "null".utf8) }
        bytes.append(contentsOf: (pretty ? #", "rect": "# : #","rect":"#).utf8)
        appendNumbers(f.rect, pretty: pretty, to: &bytes)
        bytes.append(0x7D)  // "}"
    }

    /// A row with frames in the compact style, written straight from the document as UTF-8
    /// bytes: what `JSONWriter.writeCompact(value(element))` writes. False (nothing written) when
    /// `value` would be nil.
    static func writeCompactFrames(_ element: ElementDocument, into out: inout String) -> Bool {
        guard let frames = directFrames(element) else { return false }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + 72 * frames.count)
        bytes.append(contentsOf: #"{"rect":"#.utf8)
        appendNumbers(element.rect, pretty: false, to: &bytes)
        bytes.append(contentsOf: (element.estimated ? #","estimated":true,"nested":null,"frames":["# : #","estimated":false,"nested":null,"frames":["#).utf8)
        for (k, f) in frames.enumerated() {
            if k > 0 { bytes.append(0x2C) }
            appendFrame(f, pretty: false, to: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
        out += String(decoding: bytes, as: UTF8.self)
        return true
    }

    /// A row with frames in the pretty style at indent 8, written straight from the document:
    /// what `JSONWriter.writePretty(value(element), indent: 8, …)` writes when the row's rect and
    /// every frame fit on a line of `inlineWidth` characters (each member on its own line, each
    /// frame on one). False (nothing written) otherwise, or when `value` would be nil.
    static func writePrettyFrames(_ element: ElementDocument, inlineWidth: Int, into out: inout String) -> Bool {
        // (Without frames the row is two levels deep and may go on one line: the writer decides.)
        guard let frames = directFrames(element), !frames.isEmpty else { return false }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + 80 * frames.count)
        /// Whether the bytes from `start` make a line of at most `inlineWidth` characters.
        func fits(from start: Int) -> Bool {
            let line = bytes[start...]
            if line.count <= inlineWidth { return true }
            if !line.contains(where: { $0 >= 0x80 }) { return false }
            return String(decoding: line, as: UTF8.self).count <= inlineWidth
        }
        let members = String(repeating: " ", count: 10), items = String(repeating: " ", count: 12)
        bytes.append(contentsOf: ("{\n" + members + #""rect": "#).utf8)
        let rectStart = bytes.count
        appendNumbers(element.rect, pretty: true, to: &bytes)
        guard fits(from: rectStart) else { return false }
        bytes.append(contentsOf: (",\n" + members + (element.estimated ? #""estimated": true,"# : #""estimated": false,"#) + "\n"
                                  + members + #""nested": null,"# + "\n" + members + #""frames": ["# + "\n").utf8)
        for (k, f) in frames.enumerated() {
            bytes.append(contentsOf: items.utf8)
            let start = bytes.count
            appendFrame(f, pretty: true, to: &bytes)
            guard fits(from: start) else { return false }
            bytes.append(contentsOf: (k + 1 < frames.count ? ",\n" : "\n").utf8)
        }
        bytes.append(contentsOf: (members + "]\n" + String(repeating: " ", count: 8) + "}").utf8)
        out += String(decoding: bytes, as: UTF8.self)
        return true
    }

    /// A row with frames (a composed cell's) as the value tree `OrderedJSONEncoder` makes of it,
    /// built directly: through `Encodable`, a 10,000-post feed's 200,000 frames took a second to
    /// write. Nil for a row with a nested result or a picture (the encoder writes those).
    static func value(_ element: ElementDocument) -> JSONValue? {
        guard let frames = directFrames(element) else { return nil }
        var list: [JSONValue] = []
        list.reserveCapacity(frames.count)
        for f in frames {
            list.append(.object(JSONObject([("path", .array(f.path.map { .number(Double($0)) })),
                                            ("id", f.id.map { .string($0) } ?? .null), ("rect", numbers(f.rect))])))
        }
        return .object(JSONObject([("rect", numbers(element.rect)), ("estimated", .bool(element.estimated)), ("nested", .null),
                                   ("frames", .array(list))]))
    }

    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
}
