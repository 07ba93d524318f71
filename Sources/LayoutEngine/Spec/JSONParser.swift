import Foundation

/// A strict RFC 8259 JSON parser that reports errors by line and column.
///
/// Foundation's `JSONSerialization` says only that the data "isn't in the correct format" on
/// Linux; a spec author needs to know where. This parser reads UTF-8 bytes in one pass, with
/// no recursion limit surprises (nesting deeper than `maximumDepth` is an error, not a crash).
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The path of the value being parsed (for duplicate-key warnings).
    private var path: [JSONPath.Component] = []
    private var duplicates: [SpecWarning] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses a whole document; anything but white space after the value is an error.
    public static func parse(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        try parseWithWarnings(bytes).value
    }

    /// Parses a whole document, and warns about every member name repeated in an object (the last
    /// value is kept, as most parsers do): its path and the line where it repeats.
    public static func parseWithWarnings(_ bytes: [UInt8]) throws(SpecError) -> (value: JSONValue, warnings: [SpecWarning]) {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw parser.error("the document is empty") }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value") }
        return (value, parser.duplicates)
    }

    /// Parses a string's UTF-8.
    public static func parse(_ text: String) throws(SpecError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: - Values

    private mutating func parseValue() throws(SpecError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject() throws(SpecError) -> JSONValue {
        try enter()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(object) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("unexpected \(describeCurrent()), expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describeCurrent()), expected ':' after member name \"\(key)\"") }
            index += 1
            skipWhitespace()
            if object[key] != nil, duplicates.count < 100 {
                let at = error("", at: index)
                duplicates.append(SpecWarning(JSONPath(components: path + [.key(key)]),
                                              "duplicate key at line \(at.line ?? 0), column \(at.column ?? 0); the last one is used"))
            }
            path.append(.key(key))
            object[key] = try parseValue()
            path.removeLast()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(object) }
            throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(SpecError) -> JSONValue {
        try enter()
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(array) }
        while true {
            skipWhitespace()
            path.append(.index(array.count))
            array.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(array) }
            throw error("unexpected \(describeCurrent()), expected ',' or ']' in an array")
        }
    }

    private mutating func enter() throws(SpecError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func expectLiteral(_ literal: String) throws(SpecError) {
        let literalBytes = Array(literal.utf8)
        let count = literalBytes.count
        let matches = index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == literalBytes[$0] }
        guard matches else { throw error("unexpected \(describeCurrent()), expected a value") }
        index += count
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(SpecError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)", at: start) }
        guard value.isFinite else { throw error("number \(text) is out of range", at: start) }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: - Strings

    private mutating func parseString() throws(SpecError) -> String {
        let start = index
        index += 1
        var runStart = index
        var buffer: [UInt8] = []
        var escaped = false, ascii = true
        while true {
            skipPlainBytes(&ascii)
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\"") {
                if !escaped {
                    // Most strings have no escape: made straight from the input. (`String(validating:)`
                    // ran through unspecialised generic code, a type-metadata look-up per string:
                    // a quarter of a templated feed's decoding.)
                    let text = Self.string(bytes, runStart..<index, ascii: ascii)
                    index += 1
                    guard let text else { throw error("the string is not valid UTF-8", at: start) }
                    return text
                }
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw error("control character U+\(hex(UInt32(byte))) in a string; escape it") }
            if byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: bytes[runStart..<index])
                escaped = true
                index += 1
                let scalar = try parseEscape()
                buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                runStart = index
                continue
            }
            index += 1
        }
        guard let text = Self.string(buffer, 0..<buffer.count, ascii: ascii) else {
            throw error("the string is not valid UTF-8", at: start)
        }
        return text
    }

    /// Moves past the bytes of a string that need no look — no quote, backslash or control
    /// character — eight at a time, and clears `ascii` when one of them is not ASCII. Stops
    /// within eight bytes of any byte that does need a look (the byte loop takes it from there).
    private mutating func skipPlainBytes(_ ascii: inout Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = index
        var seen: UInt64 = 0
        bytes.withUnsafeBytes { raw in
            while i + 8 <= raw.count {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let quote = w ^ 0x2222_2222_2222_2222, backslash = w ^ 0x5C5C_5C5C_5C5C_5C5C
                // A zero byte in `quote` or `backslash`, or a byte of `w` below 0x20 (exact as a
                // whole: the bits past the first such byte may be wrong, the test is not).
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- 0x2020_2020_2020_2020) & ~w)
                if special & highs != 0 { break }
                seen |= w
                i += 8
            }
        }
        if seen & highs != 0 { ascii = false }
        index = i
    }

    /// The string of UTF-8 bytes `range` of `bytes`, nil when they are not valid UTF-8.
    /// (`String(decoding:)` repairs what is not valid — each bad sequence becomes U+FFFD — so
    /// text that reads back as other bytes was not valid; ASCII always is.)
    private static func string(_ bytes: [UInt8], _ range: Range<Int>, ascii: Bool) -> String? {
        bytes.withUnsafeBufferPointer { all -> String? in
            let slice = UnsafeBufferPointer(rebasing: all[range])
            let text = String(decoding: slice, as: UTF8.self)
            if ascii { return text }
            var check = text  // (`withUTF8` is mutating: it may make the storage contiguous)
            return check.withUTF8 { $0.count == slice.count && (slice.isEmpty || memcmp($0.baseAddress!, slice.baseAddress!, slice.count) == 0) }
                ? text : nil
        }
    }

    private mutating func parseEscape() throws(SpecError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(hex(high))")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate \\u\(hex(low))") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(hex(high))") }
            return scalar
        default:
            index -= 2  // point at the backslash
            throw error("invalid escape sequence '\\\(describeByte(byte))'")
        }
    }

    private mutating func parseHex4() throws(SpecError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("invalid \\u escape: expected four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Positions and errors

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private func describeCurrent() -> String {
        index < bytes.count ? "'\(describeByte(bytes[index]))'" : "end of input"
    }

    private func describeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// An error at `offset` (default: the current position), with its 1-based line and column
    /// (columns count Unicode scalars, not bytes).
    private func error(_ message: String, at offset: Int? = nil) -> SpecError {
        let position = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<position where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = 1 + bytes[lineStart..<position].reduce(0) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
        return SpecError(syntax: message, line: line, column: column)
    }
}
