import Foundation
import LayoutGeometry
import TextLayout

/// One text to measure, as `layout measure` and `layout measure --jsonl` take it
/// (docs/CONTRACT.md, "measure options"): the text, its style and its width.
public struct MeasureRequest: Sendable, Hashable {
    /// Echoed in the result; any JSON scalar, kept as its JSON text.
    public var idJSON: String?
    /// The text to measure (with `attributedText`, its joined string).
    public var text: String
    /// The text as runs, when the case gave a list (`"text": [{"text": "@name", "font": …}, …]`);
    /// measured instead of `text`.
    public var attributedText: AttributedText?
    /// Font, size, wrapping and paragraph settings.
    public var style: TextStyle
    /// The available width; nil or 0 = unlimited.
    public var width: Double?
    /// What the case carried that was not used (unknown fields, with a "did you mean"), written
    /// into its answer as `"warnings"`.
    public var warnings: [String] = []

    /// Creates a request.
    public init(text: String, style: TextStyle = TextStyle(), width: Double? = nil, idJSON: String? = nil) {
        self.text = text
        self.style = style
        self.width = width
        self.idJSON = idJSON
    }
}

/// A request that could not be read: what is wrong, and the case's id when it had one.
public struct MeasureRequestError: Error, Sendable, CustomStringConvertible {
    /// The case's `id` as JSON text, when it could be read.
    public var idJSON: String?
    /// What is wrong and where ("size: must be a finite number > 0 (got -1)").
    public var message: String
    public var description: String { message }
}

extension MeasureRequest {
    /// The fields a `--jsonl` case may carry (docs/CONTRACT.md, "measure options").
    public static let fields = ["id", "text", "font", "size", "width", "lineBreakMode", "numberOfLines", "lineSpacing",
                                "lineHeightMultiple", "paragraphSpacing", "minimumLineHeight", "maximumLineHeight",
                                "fontLeading", "scale", "direction"]

    /// Reads one `--jsonl` line, with the spec's JSON reader (`JSONParser`: strict RFC 8259, errors
    /// by column). Every field is optional except `text`; a field that is not one of `fields` is
    /// measured around and reported in `warnings` ("widht: unknown field (did you mean "width"?)").
    public static func decode(jsonLine data: Data) throws(MeasureRequestError) -> MeasureRequest {
        try decode(jsonLine: [UInt8](data))
    }

    /// Reads one `--jsonl` line from its UTF-8 bytes (see `decode(jsonLine:)` for `Data`).
    public static func decode(jsonLine bytes: [UInt8]) throws(MeasureRequestError) -> MeasureRequest {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw MeasureRequestError(idJSON: nil, message: "input is not valid UTF-8")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw MeasureRequestError(idJSON: nil, message: "malformed JSON: \(error)")
        }
        guard case .object(let dict) = value else {
            throw MeasureRequestError(idJSON: nil, message: "a case must be a JSON object")
        }
        let id = dict["id"].flatMap(Self.scalarJSON)
        func fail(_ m: String) -> MeasureRequestError { MeasureRequestError(idJSON: id, message: m) }
        func number(_ key: String) throws(MeasureRequestError) -> Double? {
            guard let v = dict[key] else { return nil }
            switch v {
            case .null: return nil
            case .number(let n): return n
            default: throw fail("\(key): must be a number")
            }
        }
        var text = ""
        var attributed: AttributedText?
        var runWarnings: [String] = []
        switch dict["text"] {
        case .string(let s)?:
            text = s
        case .array?:
            // Runs: decoded by the spec's reader, so messages name the run (`text[1].size: …`).
            let context = SpecDecodingContext()
            do {
                (text, attributed) = try SpecNode(value: dict["text"]!, path: JSONPath.root.appending("text"), context: context).textContent()
            } catch let e as SpecError {
                throw fail(e.description)
            } catch {
                throw fail("text: \(error)")
            }
            runWarnings = context.warnings.map { "\($0.path): \($0.message)" }
        case nil:
            throw fail("text: missing")
        default:
            throw fail("text: must be a string or an array of runs")
        }
        var style = TextStyle()
        if let v = dict["font"] {
            guard case .string(let f) = v, !f.isEmpty else { throw fail("font: must be a non-empty string") }
            style.font = f
        }
        if let v = try number("size") { style.size = v }
        if let v = dict["lineBreakMode"] {
            guard case .string(let s) = v, let m = TextLineBreakMode(name: s) else {
                throw fail("lineBreakMode: must be one of \(TextLineBreakMode.names) (got \(Self.scalarJSON(v) ?? "a non-string"))")
            }
            style.lineBreakMode = m
        }
        if let v = try number("numberOfLines") {
            guard v == v.rounded(), abs(v) < 1e9 else { throw fail("numberOfLines: must be a whole number (got \(v))") }
            style.numberOfLines = Int(v)
        }
        if let v = try number("lineSpacing") { style.lineSpacing = v }
        if let v = try number("lineHeightMultiple") { style.lineHeightMultiple = v }
        if let v = try number("paragraphSpacing") { style.paragraphSpacing = v }
        if let v = try number("minimumLineHeight") { style.minimumLineHeight = v }
        if let v = try number("maximumLineHeight") { style.maximumLineHeight = v }
        if let v = dict["fontLeading"] {
            guard case .bool(let b) = v else { throw fail("fontLeading: must be true or false") }
            style.fontLeading = b
        }
        if let v = try number("scale") {
            guard v.isFinite, v >= 0 else { throw fail("scale: must be a finite number ≥ 0 (got \(v))") }
            style.scale = PixelScale(v)
        }
        if let v = dict["direction"] {
            guard case .string(let s) = v, let d = TextDirection(rawValue: s) else {
                throw fail("direction: must be one of auto, ltr, rtl (got \(Self.scalarJSON(v) ?? "a non-string"))")
            }
            style.direction = d
        }
        let width = try number("width")
        do {
            try style.validate()
        } catch {
            throw fail(error.description)
        }
        if let w = width, !(w.isFinite && w >= 0) {
            throw fail("width: must be a finite number ≥ 0, 0 = unlimited (got \(w))")
        }
        var request = MeasureRequest(text: text, style: style, width: width, idJSON: id)
        request.attributedText = attributed
        request.warnings = runWarnings
        for key in dict.keys where !fields.contains(key) {
            request.warnings.append("\(key): unknown field, ignored\(suggestion(for: key, among: fields))")
        }
        return request
    }

    /// A JSON scalar (string, number, bool, null) as JSON text; nil for arrays and objects.
    static func scalarJSON(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return JSONText.string(s)
        case .number(let n): return JSONText.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object: return nil
        }
    }
}
