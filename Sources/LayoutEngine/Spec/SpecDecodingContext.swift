/// Limits that keep a spec from asking for more than one machine can lay out.
public enum SpecLimits {
    /// The most rows (or items) a spec may generate in all, nested tables and grids included.
    public static let maximumElements = 10_000_000
    /// The most sections a spec may generate in all.
    public static let maximumSections = 1_000_000
    /// The largest index accepted in an index path, update or query.
    public static let maximumIndex = 100_000_000
    /// The deepest nesting of tables and grids inside rows.
    public static let maximumNesting = 16
}

/// State shared by one decoding pass: warnings, the running element and section counts that
/// enforce `SpecLimits`, and the text style names visible at the current nesting level.
///
/// Used by one thread during one `LayoutSpec.decode` call and never escapes it.
final class SpecDecodingContext {
    /// Whether templated rows go through their template's plan (`TemplatePlan`); tests turn it
    /// off to compare with the direct way.
    var planTemplates = true
    private(set) var warnings: [SpecWarning] = []
    /// Rows and items generated so far.
    private(set) var elements = 0
    /// Sections generated so far.
    private(set) var sections = 0
    var nesting = 0
    /// Text style names defined by the enclosing specs (nested tables inherit them).
    var textStyleNames: Set<String> = []
    /// Layout templates defined by the enclosing specs (`"templates"`), by name.
    var templates: [String: TemplateDefinition] = [:]
    /// Every template defined so far, kept while decoding: `templateUses` tells them apart by
    /// identity (two nested tables may each define a "post").
    var definedTemplates: [TemplateDefinition] = []
    /// Layouts already decoded from a template and its data: identical uses decode once.
    var templateUses: [TemplateUse: CellLayoutSpec] = [:]
    /// One identity per distinct list of text style choices (every row of a template writes the
    /// same list): computing resolves each list once, keyed by it, without hashing the list per row.
    var styleChoices: [[CellLayoutSpec.TextStyleChoice]: CellLayoutSpec.StyleIdentity] = [:]

    /// A template and the data a row binds it with. Compared by the data's exact code units (two
    /// canonically equivalent texts are different texts to lay out) and hashed over their UTF-8
    /// bytes eight at a time: every row of a feed is looked up once, and Swift's own string
    /// hashing (SipHash with a normalisation check) cost more than decoding small rows.
    struct TemplateUse: Hashable {
        let name: String
        /// The definition the name stands for where the row is.
        let template: ObjectIdentifier
        let data: JSONObject
        /// The name and data mixed (identical uses mix to the same value), once: a dictionary
        /// compares a key with every one it probes past, and most of them differ here.
        private let ownHash: UInt64

        init(name: String, template: ObjectIdentifier, data: JSONObject) {
            self.name = name
            self.template = template
            self.data = data
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15
            Self.mix(&h, name)
            Self.mix(&h, .object(data))
            ownHash = h
        }

        static func == (a: TemplateUse, b: TemplateUse) -> Bool {
            a.ownHash == b.ownHash && a.template == b.template && a.name == b.name && Self.same(.object(a.data), .object(b.data))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(ownHash) }

        /// What `Dictionary` asks for instead of running `hash(into:)` through SipHash: the own
        /// hash xor-ed with the table's seed and mixed once more (as `ParagraphCache.Key` does).
        func _rawHashValue(seed: Int) -> Int {
            var h = (ownHash ^ UInt64(bitPattern: Int64(seed))) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 32
            return Int(truncatingIfNeeded: h)
        }

        private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case (.bool(let x), .bool(let y)): return x == y
            case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern || x == y
            case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
            case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
            case (.object(let x), .object(let y)):
                return x.keys.count == y.keys.count && zip(x.keys, y.keys).allSatisfy { k, l in
                    k.utf8.elementsEqual(l.utf8) && same(x[k] ?? .null, y[l] ?? .null)
                }
            default: return false
            }
        }

        private static func mix(_ h: inout UInt64, _ word: UInt64) {
            h = (h ^ word) &* 0x100_0000_01B3
            h ^= h >> 29
        }

        private static func mix(_ h: inout UInt64, _ s: String) {
            var s = s
            s.withUTF8 { bytes in
                var i = 0
                let raw = UnsafeRawBufferPointer(bytes)
                while i + 8 <= bytes.count {
                    mix(&h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                var tail: UInt64 = 0
                while i < bytes.count {
                    tail = tail << 8 | UInt64(bytes[i])
                    i += 1
                }
                mix(&h, tail ^ UInt64(bytes.count) << 56)
            }
        }

        private static func mix(_ h: inout UInt64, _ v: JSONValue) {
            switch v {
            case .null: mix(&h, 1)
            case .bool(let b): mix(&h, b ? 2 : 3)
            case .number(let d): mix(&h, d == 0 ? 0 : d.bitPattern)  // 0 and -0 are equal
            case .string(let s): mix(&h, 4); mix(&h, s)
            case .array(let a):
                mix(&h, 5 ^ UInt64(a.count) << 8)
                for x in a { mix(&h, x) }
            case .object(let o):
                mix(&h, 6 ^ UInt64(o.keys.count) << 8)
                for k in o.keys {
                    mix(&h, k)
                    mix(&h, o[k] ?? .null)
                }
            }
        }
    }

    func warn(_ path: JSONPath, _ message: String) {
        warnings.append(SpecWarning(path, message))
    }

    /// Drops the templates (each holds its node, and so this context): called when decoding ends.
    func releaseTemplates() {
        templates = [:]
        definedTemplates = []
    }

    /// Takes back the warnings given since there were `count` of them, and returns them.
    func takeWarnings(since count: Int) -> [SpecWarning] {
        guard count < warnings.count else { return [] }
        let taken = Array(warnings[count...])
        warnings.removeSubrange(count...)
        return taken
    }

    /// A decoded layout: its tree, its texts' style choices (one shared identity per distinct
    /// list, so that computing resolves each list once) and its tables and grids.
    func layout(root: CellElement, texts: [CellLayoutSpec.TextStyleChoice], nested: [CellLayoutSpec.NestedEntry],
                structure: CellStructure? = nil) -> CellLayoutSpec {
        var identity: CellLayoutSpec.StyleIdentity?
        if !texts.isEmpty {
            if let known = styleChoices[texts] {
                identity = known
            } else if styleChoices.count < 10_000 {
                identity = CellLayoutSpec.StyleIdentity()
                styleChoices[texts] = identity
            }
        }
        return CellLayoutSpec(root: root, textStyles: texts, styleIdentity: identity, nested: nested, structure: structure)
    }

    /// Counts `count × times` more rows or items, failing at `path` past the limit.
    func addElements(_ count: Int, times: Int = 1, at path: JSONPath, noun: String) throws {
        let (total, overflow) = count.multipliedReportingOverflow(by: times)
        let (sum, overflow2) = elements.addingReportingOverflow(total)
        guard !overflow, !overflow2, sum <= SpecLimits.maximumElements else {
            throw SpecError(path, "the spec generates more than \(SpecLimits.maximumElements) \(noun) in all (the limit)")
        }
        elements = sum
    }

    /// Counts `count × times` more sections, failing at `path` past the limit.
    func addSections(_ count: Int, times: Int = 1, at path: JSONPath) throws {
        let (total, overflow) = count.multipliedReportingOverflow(by: times)
        let (sum, overflow2) = sections.addingReportingOverflow(total)
        guard !overflow, !overflow2, sum <= SpecLimits.maximumSections else {
            throw SpecError(path, "the spec generates more than \(SpecLimits.maximumSections) sections in all (the limit)")
        }
        sections = sum
    }
}

/// A layout template as defined (`"templates": {"post": …}`), with its plan, made at its first use.
final class TemplateDefinition {
    let node: SpecNode
    private var planned = false
    private var madePlan: TemplatePlan?
    /// The identity of the texts' style choices of every row through the plan, when they are
    /// the same list for all (`TemplatePlan.fixedTexts`).
    var textIdentity: CellLayoutSpec.StyleIdentity?

    /// The keys of the last row's data and where each goes among the plan's names (−1: none).
    /// The rows of a feed write their keys in the same order, so the next row's are usually
    /// recognised by comparing them in place, not looked up one by one.
    private(set) var lastKeys: [String] = []
    private(set) var lastSlots: [Int] = []

    init(_ node: SpecNode) { self.node = node }

    /// The row's value for each of `names` (nil: the data does not give it), reading `data` once;
    /// `lastSlots` then says where each of its keys went.
    func values(of data: JSONObject, names: [String]) -> [JSONValue?] {
        let keys = data.keys
        if keys != lastKeys {
            lastKeys = keys
            lastSlots = keys.map { names.firstIndex(of: $0) ?? -1 }
        }
        var values = [JSONValue?](repeating: nil, count: names.count)
        for (i, slot) in lastSlots.enumerated() where slot >= 0 { values[slot] = data.value(at: i) }
        return values
    }

    /// The template's plan; nil when it has none (or the context says not to use plans).
    func plan() -> TemplatePlan? {
        guard node.context.planTemplates else { return nil }
        if !planned {
            planned = true
            // A template that warns as it decodes (an unknown field of an inline text style, say)
            // is left to the direct way, which warns for each row as it decodes it — once per
            // copy of a repeated element, not at all for a repeat of none.
            let before = node.context.warnings.count
            madePlan = TemplatePlan.make(node)
            if !node.context.takeWarnings(since: before).isEmpty { madePlan = nil }
        }
        return madePlan
    }
}
