// Reading and drawing marble diagrams.
//
// Every character is one tick wide, so that a column is a time: `-a-b-|` has `a` at tick 1,
// `b` at 3 and completion at 5. A group `(ab|)` puts its events at the tick of its `(`, and
// still takes its width (4 ticks), as in RxJS; drawing uses the same rule, so a diagram drawn
// from events reads back as the same events, and two diagrams drawn over the same ticks line
// up column for column.

import Signals

/// One symbol of a diagram: a value's letter, `|`, `#`, `^` or `!`.
enum _MarbleSymbol: Equatable {
    case value(Character)
    case completed
    case error
    case subscribed
    case disposed

    var character: Character {
        switch self {
        case .value(let letter): letter
        case .completed: "|"
        case .error: "#"
        case .subscribed: "^"
        case .disposed: "!"
        }
    }
}

/// A diagram read from its text.
struct _MarbleDiagram {
    /// The symbols with the column (tick) they happen at, in order.
    var entries: [(tick: Int, symbol: _MarbleSymbol)] = []

    /// The column of `^`, if any.
    var subscriptionTick: Int? {
        entries.first { $0.symbol == .subscribed }?.tick
    }

    /// The column of `!`, if any.
    var disposalTick: Int? {
        entries.first { $0.symbol == .disposed }?.tick
    }

    /// The entries that are events (values, `|`, `#`).
    var events: [(tick: Int, symbol: _MarbleSymbol)] {
        entries.filter { $0.symbol != .subscribed && $0.symbol != .disposed }
    }

    /// Reads `text`: `-` one tick, letters and digits values, `|` completed, `#` error,
    /// `^` subscription, `!` disposal, `( )` a group at one tick. Misuse is a precondition
    /// failure naming the column.
    init(_ text: String) {
        var groupTick: Int?
        for (column, character) in text.enumerated() {
            let tick = groupTick ?? column
            switch character {
            case "-":
                _precondition(groupTick == nil, "Signals: marbles \"\(text)\": '-' inside a group, at column \(column); a group (ab) takes one tick, so close it before the next '-'")
            case "(":
                _precondition(groupTick == nil, "Signals: marbles \"\(text)\": groups cannot nest, at column \(column); close the first ')' before opening another")
                groupTick = column
            case ")":
                _precondition(groupTick != nil, "Signals: marbles \"\(text)\": ')' without '(' at column \(column); open the group with '(' or remove the ')'")
                groupTick = nil
            case "|": entries.append((tick, .completed))
            case "#": entries.append((tick, .error))
            case "^":
                _precondition(subscriptionTick == nil, "Signals: marbles \"\(text)\": more than one '^'; mark the subscription once")
                entries.append((tick, .subscribed))
            case "!":
                _precondition(disposalTick == nil, "Signals: marbles \"\(text)\": more than one '!'; mark the disposal once")
                entries.append((tick, .disposed))
            default:
                _precondition(
                    !character.isWhitespace,
                    "Signals: marbles \"\(text)\": a space at column \(column); every character is one tick, use '-'")
                entries.append((tick, .value(character)))
            }
        }
        _precondition(groupTick == nil, "Signals: marbles \"\(text)\": a '(' is never closed; add the ')'")
    }

    init(entries: [(tick: Int, symbol: _MarbleSymbol)]) {
        self.entries = entries
    }

    /// The diagram as text: one `-` per empty tick, several symbols at one tick as a group.
    /// A symbol that falls inside the width of an earlier group is drawn right after it.
    var text: String {
        var result = ""
        var column = 0
        var index = 0
        let sorted = entries.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
            .map(\.element)
        while index < sorted.count {
            let tick = sorted[index].tick
            var symbols: [Character] = []
            while index < sorted.count && sorted[index].tick == tick {
                symbols.append(sorted[index].symbol.character)
                index += 1
            }
            if tick > column {
                result += String(repeating: "-", count: tick - column)
                column = tick
            }
            if symbols.count == 1 {
                result.append(symbols[0])
                column += 1
            } else {
                result += "(" + String(symbols) + ")"
                column += symbols.count + 2
            }
        }
        return result
    }
}

/// The letter that stands for `value`: its key in `values`, else the value itself when it is
/// a one-character string, a character or a digit; `nil` if none.
func _marbleLetter<Value: Equatable>(for value: Value, in values: [Character: Value]) -> Character? {
    if let key = values.keys.sorted().first(where: { values[$0] == value }) { return key }
    switch value {
    case let character as Character: return character
    case let string as String where string.count == 1: return string.first
    case let digit as Int where (0...9).contains(digit): return Character(String(digit))
    default: return nil
    }
}

/// The value that `letter` stands for: `values[letter]`, else the letter itself when `Value`
/// is `String`, `Character` or (for a digit) `Int`.
func _marbleValue<Value>(for letter: Character, in values: [Character: Value], marbles: String) -> Value {
    if let value = values[letter] { return value }
    if let value = String(letter) as? Value { return value }
    if let value = letter as? Value { return value }
    if let digit = letter.wholeNumberValue, let value = digit as? Value { return value }
    _preconditionFailure("Signals: marbles \"\(marbles)\": no value for '\(letter)'; pass it in `values:`")
}

/// Whether two failures are the same: by `==` when the failure type is `Equatable`, else by
/// their descriptions.
func _sameFailure<Failure: Error>(_ lhs: Failure, _ rhs: Failure) -> Bool {
    // Cast from `Any`: with Foundation imported, the compiler counts every `Error` as
    // bridgeable to `NSError` (which is `Equatable`) and warns that a direct cast "always
    // succeeds"; at run time only a type's own `Equatable` conformance is found.
    let boxed: Any = lhs
    if let lhs = boxed as? any Equatable { return _isEqual(lhs, rhs) }
    return String(reflecting: lhs) == String(reflecting: rhs)
}

private func _isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    (rhs as? T) == lhs
}

extension Duration {
    /// This duration in ticks of `tick`, rounded down, and whether it falls exactly on a tick.
    func _ticks(of tick: Duration) -> (ticks: Int, isExact: Bool) {
        let ratio = self / tick
        let ticks = Int(ratio.rounded(.down))
        return (ticks, tick * ticks == self)
    }

    /// This duration in ticks of `tick`, as `3` or `3.5`.
    func _tickDescription(of tick: Duration) -> String {
        let (ticks, isExact) = _ticks(of: tick)
        if isExact { return String(ticks) }
        let ratio = self / tick
        return String((ratio * 1000).rounded() / 1000)
    }
}
