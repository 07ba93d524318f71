import Testing
@testable import LayoutEngine

/// The JSON parser: values, escapes, and syntax errors by line and column.
@Suite struct JSONParserTests {
    @Test func values() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e2, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "a2": {}}"#)
        guard case .object(let o) = value else { Issue.record("not an object"); return }
        #expect(o.keys == ["a", "b", "a2"])
        #expect(o["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(o["b"] == .string("x\"\\/\né😀"))
        #expect(o["a2"] == .object(JSONObject()))
    }

    static let syntaxErrors: [(String, String)] = [
        ("", "line 1, column 1: the document is empty"),
        ("{\n  \"a\": 1,\n}", "line 3, column 1: unexpected '}', expected a member name in quotes"),
        ("{\"a\" 1}", "line 1, column 6: unexpected '1', expected ':' after member name \"a\""),
        ("[1 2]", "line 1, column 4: unexpected '2', expected ',' or ']' in an array"),
        ("{\"a\": 01}", "line 1, column 8: invalid number: leading zeros are not allowed"),
        ("{\"a\": tru}", "line 1, column 7: unexpected 't', expected a value"),
        ("{\"é\": \"abc", "line 1, column 7: unterminated string"),
        ("{} x", "line 1, column 4: unexpected 'x' after the JSON value"),
        ("[\"\\q\"]", "line 1, column 3: invalid escape sequence '\\q'"),
        ("[1e999]", "line 1, column 2: number 1e999 is out of range"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxError(text: String, message: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: SpecError.self) { try JSONParser.parse(text) }
    }

    /// JSON objects keep document order, answer look-ups the same below and above the size at
    /// which they start indexing their keys (12 members), keep a repeated key's first position and
    /// last value, and compare (and hash) equal whatever their members' order.
    @Test(arguments: [3, 12, 13, 40])
    func objectsOfEverySizeLookUpTheirMembers(count: Int) throws {
        var o = JSONObject()
        for i in 0..<count { o["k\(i)"] = .number(Double(i)) }
        #expect(o.count == count && o.keys == (0..<count).map { "k\($0)" })
        for i in 0..<count { #expect(o["k\(i)"] == .number(Double(i))) }
        #expect(o["missing"] == nil)
        o["k0"] = .string("again")
        #expect(o.keys.first == "k0" && o["k0"] == .string("again") && o.count == count)
        o["k1"] = nil
        #expect(o.count == count - 1 && o["k1"] == nil && !o.keys.contains("k1"))
        if count > 2 { #expect(o["k2"] == .number(2)) }
        let reversed = JSONObject(o.members.reversed().map { ($0.key, $0.value) })
        #expect(reversed == o && reversed.hashValue == o.hashValue)
        #expect(reversed.keys == o.keys.reversed())
        let parsed = try JSONParser.parse("{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k0\": -1}")
        guard case .object(let p) = parsed else { Issue.record("not an object"); return }
        #expect(p.count == count && p.keys.first == "k0" && p["k0"] == .number(-1) && p["k\(count - 1)"] == .number(Double(count - 1)))
    }

    /// A string's bytes are accepted exactly when they are valid UTF-8, and read as they are:
    /// checked against the standard library's `String(validating:)` on 20,000 random byte runs
    /// (ASCII, multi-byte, overlong, surrogate, truncated and stray continuation bytes), with and
    /// without an escape in them.
    @Test func stringsAreValidUTF8ExactlyWhenTheStandardLibrarySaysSo() throws {
        let pieces: [[UInt8]] = [[0x61], [0x7A], [0xC3, 0xA9], [0xE4, 0xBB, 0x8A], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD],
                                 [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xBB], [0x80], [0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
                                 [0xF4, 0x90, 0x80, 0x80], [0xC3], [0xFF]]
        var state: UInt64 = 11
        for trial in 0..<20_000 {
            var body: [UInt8] = []
            for _ in 0..<(1 + trial % 6) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                body += pieces[Int(state >> 33) % (trial % 3 == 0 ? 6 : pieces.count)]
            }
            let escape = trial % 4 == 1
            let document: [UInt8] = [0x5B, 0x22] + body + (escape ? Array(#"\n"#.utf8) : []) + [0x22, 0x5D]  // ["…"]
            let expected = String(validating: body, as: UTF8.self).map { $0 + (escape ? "\n" : "") }
            do {
                let value = try JSONParser.parse(document)
                #expect(expected != nil && value == .array([.string(expected!)]), "\(body)")
            } catch {
                #expect(expected == nil, "\(body): \(error)")
                #expect(error.description.contains("not valid UTF-8"), "\(body): \(error)")
            }
        }
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape, a control character or a
    /// non-ASCII byte at every offset of a word is still found where it is.
    @Test func specialBytesAreFoundAtEveryOffset() throws {
        for before in 0..<20 {
            for after in [0, 1, 7, 8, 9, 17] {
                let a = String(repeating: "a", count: before), b = String(repeating: "b", count: after)
                #expect(try JSONParser.parse(Array(("[\"" + a + "\"," + "\"" + b + "\"]").utf8)) == .array([.string(a), .string(b)]))
                #expect(try JSONParser.parse(Array(("[\"" + a + #"\""# + b + "\"]").utf8)) == .array([.string(a + "\"" + b)]))
                #expect(try JSONParser.parse(Array(("[\"" + a + "é" + b + "\"]").utf8)) == .array([.string(a + "é" + b)]))
                #expect(throws: SpecError.self) { try JSONParser.parse(Array(("[\"" + a + "\u{01}" + b + "\"]").utf8)) }
                #expect(throws: SpecError.self) { try JSONParser.parse(Array(("[\"" + a + b).utf8)) }  // unterminated
            }
        }
    }
}
