import LayoutGeometry

/// The frames of a composed cell: what a client sets on its views.
public struct CellArrangement: Hashable, Sendable {
    /// The root element's size (its border box).
    public var size: Size
    /// Every visible element's frame, in the root's coordinates, in tree order (a parent before
    /// its children). Hidden elements and everything inside them have none.
    public var frames: [CellFrame]
    /// Stacks whose children do not fit (their minimum sizes are wider than the stack): laid out as
    /// flexbox does (they overflow), and named here.
    public var overflows: [[Int]]
    /// The visible texts with characters no font of the fallback chain has (drawn as the
    /// missing-glyph box), in tree order: what a client would warn about.
    public var missingCharacters: [CellMissingCharacters]

    /// Creates an arrangement.
    public init(size: Size, frames: [CellFrame], overflows: [[Int]] = [], missingCharacters: [CellMissingCharacters] = []) {
        self.size = size
        self.frames = frames
        self.overflows = overflows
        self.missingCharacters = missingCharacters
    }

    /// The frame of the element with `id`, if there is one.
    public func frame(id: String) -> Rect? { frames.first { $0.id == id }?.rect }

    /// This arrangement moved by `offset` (into a row's coordinates, say).
    public func offset(by offset: Point) -> CellArrangement {
        var copy = self
        for i in copy.frames.indices {
            copy.frames[i].rect.origin.x += offset.x
            copy.frames[i].rect.origin.y += offset.y
            copy.frames[i].custom?.content.origin.x += offset.x
            copy.frames[i].custom?.content.origin.y += offset.y
        }
        return copy
    }
}

/// A text element with characters no font has.
public struct CellMissingCharacters: Hashable, Sendable {
    /// Child indexes from the root.
    public var path: [Int]
    /// The element's `id`, if it has one.
    public var id: String?
    /// The characters (up to 8), as `PreparedText.missingCharacters`.
    public var characters: [Unicode.Scalar]

    /// Creates a record.
    public init(path: [Int], id: String?, characters: [Unicode.Scalar]) {
        self.path = path
        self.id = id
        self.characters = characters
    }
}

/// One element's frame.
public struct CellFrame: Hashable, Sendable {
    /// Child indexes from the root (`[]` is the root; an overlay's base is 0 and its layer 1).
    public var path: [Int]
    /// The element's `id`, if it has one.
    public var id: String?
    /// The frame. A text's is its bounding rect (the widest line by the lines' height) at the
    /// origin of its content box.
    public var rect: Rect
    /// For content the host measures (`CellElement.Kind.custom`: a nested table or grid): its key
    /// and the box its content is laid out in (`rect` inside the element's padding); nil otherwise.
    public var custom: Custom?

    /// Where a `custom` element's content goes.
    public struct Custom: Hashable, Sendable {
        /// The element's key (`CellElement.Kind.custom(key:)`).
        public var key: Int
        /// Its content box, in the same coordinates as the frame.
        public var content: Rect

        /// Creates a record.
        public init(key: Int, content: Rect) {
            self.key = key
            self.content = content
        }
    }

    /// Creates a frame.
    public init(path: [Int], id: String?, rect: Rect, custom: Custom? = nil) {
        self.path = path
        self.id = id
        self.rect = rect
        self.custom = custom
    }
}

/// Why a cell could not be laid out: a text that could not be measured, or host content that
/// failed; `path` names the element.
public struct CellLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Child indexes from the root.
    public var path: [Int]
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(path: [Int], message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        "element \(path.isEmpty ? "root" : path.map(String.init).joined(separator: ".")): \(message)"
    }
}
