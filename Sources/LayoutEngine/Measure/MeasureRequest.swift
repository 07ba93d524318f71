import Foundation
import LayoutGeometry
import TextLayout

/// One text to measure, as `layout measure` and `layout measure --jsonl` take it
/// (docs/CONTRACT.md, "measure options"): the text, its style and its width.
public struct MeasureRequest: Sendable, Hashable {
    /// Echoed in the result; any JSON scalar, kept as its JSON text.
    public var idJSON: String?
    /// The text to measure.
    public var text: String
    /// Font, size, wrapping and paragraph settings.
    public var style: TextStyle
    /// The available width; nil or 0 = unlimited.
    public var width: Double?

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
    /// Reads one `--jsonl` line. Every field is optional except `text`; unknown fields are ignored.
    public static func decode(jsonLine data: Data) throws(MeasureRequestError) -> MeasureRequest {
        guard String(data: data, encoding: .utf8) != nil else {
            throw MeasureRequestError(idJSON: nil, message: "input is not valid UTF-8")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw MeasureRequestError(idJSON: nil, message: "malformed JSON: \(JSONText.describe(error))")
        }
        guard let dict = object as? [String: Any] else {
            throw MeasureRequestError(idJSON: nil, message: "a case must be a JSON object")
        }
        let id = dict["id"].flatMap(JSONText.scalar)
        func fail(_ m: String) -> MeasureRequestError { MeasureRequestError(idJSON: id, message: m) }
        func number(_ key: String) throws(MeasureRequestError) -> Double? {
            guard let v = dict[key], !(v is NSNull) else { return nil }
            guard let n = v as? NSNumber, !JSONText.isBool(n) else { throw fail("\(key): must be a number") }
            return n.doubleValue
        }
        guard let text = dict["text"] as? String else {
            throw fail(dict["text"] == nil ? "text: missing" : "text: must be a string")
        }
        var style = TextStyle()
        if let v = dict["font"] {
            guard let f = v as? String, !f.isEmpty else { throw fail("font: must be a non-empty string") }
            style.font = f
        }
        if let v = try number("size") { style.size = v }
        if let v = dict["lineBreakMode"] {
            guard let s = v as? String, let m = TextLineBreakMode(name: s) else {
                throw fail("lineBreakMode: must be one of \(TextLineBreakMode.names) (got \(JSONText.scalar(v) ?? "a non-string"))")
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
            guard let n = v as? NSNumber, JSONText.isBool(n) else { throw fail("fontLeading: must be true or false") }
            style.fontLeading = n.boolValue
        }
        if let v = try number("scale") {
            guard v.isFinite, v >= 0 else { throw fail("scale: must be a finite number ≥ 0 (got \(v))") }
            style.scale = PixelScale(v)
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
        return MeasureRequest(text: text, style: style, width: width, idJSON: id)
    }
}
