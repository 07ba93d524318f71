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
}
