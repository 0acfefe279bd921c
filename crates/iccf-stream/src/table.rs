//! The games as an Arrow table, one row a game: the one schema that the
//! Python package's `iccf.games_arrow` batches and `iccf convert --format
//! parquet` share.
//!
//! | column | type | |
//! | --- | --- | --- |
//! | `file` | utf8, nullable | the input, when a run reads several |
//! | `game` | uint64 | number of the game in its input |
//! | `event`, `site`, `date`, `round`, `white`, `black` | utf8, nullable | those tags |
//! | `tags` | list of struct `name`, `value` | every tag, in order |
//! | `input` | utf8, nullable | notation of the first move |
//! | `langs` | list of utf8 | languages of the piece letters read |
//! | one column a notation: `numeric`, `san`, … | list of utf8 | the main-line moves |
//! | `result` | utf8, nullable | the result written after the moves |
//! | `unconverted` | utf8 | the main line from the first move not read |
//! | `errors`, `warnings` | list of struct `line`, `column`, `move`, `token`, `message` | problems |
//!
//! ```
//! use iccf::Notation;
//! use iccf_pgn::convert::{Converter, Options};
//! use iccf_stream::table::GameTable;
//!
//! let records = Converter::new(Options::default()).records(b"[White \"Anna\"]\n\n1. e4 e5 *\n\n1. d4 1-0\n");
//! let mut table = GameTable::new(&[Notation::Numeric, Notation::San]);
//! for record in &records {
//!     table.push(record);
//! }
//! let batch = table.finish();
//! assert_eq!((batch.num_rows(), batch.num_columns()), (2, 17));
//! assert_eq!(batch.schema().field(11).name(), "numeric");
//! ```

use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, ListBuilder, StringBuilder, StructBuilder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};
use iccf::Notation;
use iccf_pgn::convert::Problem;
use iccf_pgn::record::GameRecord;

/// The tags with a column of their own, by column name.
const ROSTER: [(&str, &str); 6] = [
    ("event", "Event"),
    ("site", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("white", "White"),
    ("black", "Black"),
];

fn tag_fields() -> Fields {
    Fields::from(vec![
        Field::new("name", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ])
}

fn problem_fields() -> Fields {
    Fields::from(vec![
        Field::new("line", DataType::UInt64, false),
        Field::new("column", DataType::UInt64, false),
        Field::new("move", DataType::Utf8, true),
        Field::new("token", DataType::Utf8, false),
        Field::new("message", DataType::Utf8, false),
    ])
}

/// A list column of `item` (nullable items, as Arrow's list builders make
/// them).
fn list(name: &str, item: DataType) -> Field {
    Field::new(
        name,
        DataType::List(Arc::new(Field::new("item", item, true))),
        false,
    )
}

/// The schema of a table whose moves are in `notations`, one column each.
pub fn schema(notations: &[Notation]) -> SchemaRef {
    let mut fields = vec![
        Field::new("file", DataType::Utf8, true),
        Field::new("game", DataType::UInt64, false),
    ];
    fields.extend(ROSTER.map(|(column, _)| Field::new(column, DataType::Utf8, true)));
    fields.push(list("tags", DataType::Struct(tag_fields())));
    fields.push(Field::new("input", DataType::Utf8, true));
    fields.push(list("langs", DataType::Utf8));
    fields.extend(notations.iter().map(|n| list(n.name(), DataType::Utf8)));
    fields.push(Field::new("result", DataType::Utf8, true));
    fields.push(Field::new("unconverted", DataType::Utf8, false));
    fields.push(list("errors", DataType::Struct(problem_fields())));
    fields.push(list("warnings", DataType::Struct(problem_fields())));
    Arc::new(Schema::new(fields))
}

/// Rows of games being gathered into a [`RecordBatch`].
#[derive(Debug)]
pub struct GameTable {
    notations: Vec<Notation>,
    schema: SchemaRef,
    file: StringBuilder,
    game: UInt64Builder,
    roster: Vec<StringBuilder>,
    tags: ListBuilder<StructBuilder>,
    input: StringBuilder,
    langs: ListBuilder<StringBuilder>,
    moves: Vec<ListBuilder<StringBuilder>>,
    result: StringBuilder,
    unconverted: StringBuilder,
    errors: ListBuilder<StructBuilder>,
    warnings: ListBuilder<StructBuilder>,
}

impl GameTable {
    /// An empty table whose moves are in `notations`.
    pub fn new(notations: &[Notation]) -> GameTable {
        let structs = |fields: Fields| ListBuilder::new(StructBuilder::from_fields(fields, 0));
        GameTable {
            notations: notations.to_vec(),
            schema: schema(notations),
            file: StringBuilder::new(),
            game: UInt64Builder::new(),
            roster: ROSTER.iter().map(|_| StringBuilder::new()).collect(),
            tags: structs(tag_fields()),
            input: StringBuilder::new(),
            langs: ListBuilder::new(StringBuilder::new()),
            moves: notations
                .iter()
                .map(|_| ListBuilder::new(StringBuilder::new()))
                .collect(),
            result: StringBuilder::new(),
            unconverted: StringBuilder::new(),
            errors: structs(problem_fields()),
            warnings: structs(problem_fields()),
        }
    }

    /// The schema of the batches.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// Rows gathered since the last batch.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// Moves gathered since the last batch (in each notation).
    pub fn moves(&self) -> usize {
        self.moves.first().map_or(0, |list| list.values_ref().len())
    }

    /// Whether no row was gathered since the last batch.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `record` as a row.
    pub fn push(&mut self, record: &GameRecord) {
        self.file.append_option(record.file.as_deref());
        self.game.append_value(record.game);
        for (builder, (_, tag)) in self.roster.iter_mut().zip(ROSTER) {
            builder.append_option(record.tag(tag));
        }
        for (name, value) in record.tags.unique() {
            let tag = self.tags.values();
            string_field(tag, 0).append_value(name);
            string_field(tag, 1).append_value(value);
            tag.append(true);
        }
        self.tags.append(true);
        self.input.append_option(record.input.map(Notation::name));
        for lang in record.langs.iter() {
            self.langs.values().append_value(lang.code());
        }
        self.langs.append(true);
        for (builder, notation) in self.moves.iter_mut().zip(&self.notations) {
            for text in record.moves.texts(*notation) {
                builder.values().append_value(text.as_str());
            }
            builder.append(true);
        }
        self.result.append_option(record.result.as_deref());
        self.unconverted.append_value(record.unconverted.join(" "));
        push_problems(&mut self.errors, &record.errors);
        push_problems(&mut self.warnings, &record.warnings);
    }

    /// The rows gathered as a batch; the table is empty again.
    pub fn finish(&mut self) -> RecordBatch {
        let mut columns: Vec<ArrayRef> =
            vec![Arc::new(self.file.finish()), Arc::new(self.game.finish())];
        columns.extend(
            self.roster
                .iter_mut()
                .map(|b| Arc::new(b.finish()) as ArrayRef),
        );
        columns.push(Arc::new(self.tags.finish()));
        columns.push(Arc::new(self.input.finish()));
        columns.push(Arc::new(self.langs.finish()));
        columns.extend(
            self.moves
                .iter_mut()
                .map(|b| Arc::new(b.finish()) as ArrayRef),
        );
        columns.push(Arc::new(self.result.finish()));
        columns.push(Arc::new(self.unconverted.finish()));
        columns.push(Arc::new(self.errors.finish()));
        columns.push(Arc::new(self.warnings.finish()));
        // The columns are built for this schema: a mismatch is a bug here.
        RecordBatch::try_new(self.schema.clone(), columns)
            .expect("the columns of GameTable match its schema")
    }
}

fn string_field(builder: &mut StructBuilder, i: usize) -> &mut StringBuilder {
    builder
        .field_builder::<StringBuilder>(i)
        .expect("a utf8 field of the struct")
}

fn push_problems(list: &mut ListBuilder<StructBuilder>, problems: &[Problem]) {
    let item = list.values();
    for p in problems {
        let number = |item: &mut StructBuilder, i, value| {
            item.field_builder::<UInt64Builder>(i)
                .expect("a uint64 field of the struct")
                .append_value(value);
        };
        number(item, 0, p.line);
        number(item, 1, p.column);
        string_field(item, 2).append_option(p.move_number.map(|n| n.to_string()));
        string_field(item, 3).append_value(&p.token);
        string_field(item, 4).append_value(p.kind.to_string());
        item.append(true);
    }
    list.append(true);
}

#[cfg(test)]
mod tests {
    use arrow_array::cast::AsArray;
    use arrow_array::types::UInt64Type;
    use iccf_pgn::convert::{Converter, Options};

    use super::*;

    #[test]
    fn a_row_holds_the_record() {
        let pgn = b"[Event \"E\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf9 *\n\n1. 4244 1-0\n";
        let records = Converter::new(Options::default()).records(pgn);
        let mut table = GameTable::new(&[Notation::Uci, Notation::Numeric]);
        records.iter().for_each(|r| table.push(r));
        let batch = table.finish();
        assert_eq!(batch.num_rows(), 2);
        assert!(table.is_empty());
        let column = |name: &str| batch.column_by_name(name).unwrap().clone();
        assert_eq!(
            column("game").as_primitive::<UInt64Type>().values(),
            &[1, 2]
        );
        assert_eq!(column("event").as_string::<i32>().value(0), "E");
        assert!(column("event").is_null(1));
        let uci = column("uci");
        let uci = uci.as_list::<i32>();
        let first = uci.value(0);
        let first: Vec<_> = first.as_string::<i32>().iter().flatten().collect();
        assert_eq!(first, ["e2e4", "e7e5"]);
        let numeric = column("numeric");
        let second = numeric.as_list::<i32>().value(1);
        assert_eq!(second.as_string::<i32>().value(0), "4244");
        let tags = column("tags");
        let tags = tags.as_list::<i32>().value(0);
        let names: Vec<_> = tags
            .as_struct()
            .column(0)
            .as_string::<i32>()
            .iter()
            .flatten()
            .collect();
        assert_eq!(names, ["Event", "White"]);
        let errors = column("errors");
        let errors = errors.as_list::<i32>();
        assert_eq!((errors.value_length(0), errors.value_length(1)), (1, 0));
        let token = errors
            .value(0)
            .as_struct()
            .column(3)
            .as_string::<i32>()
            .value(0)
            .to_owned();
        assert_eq!(token, "Nf9");
        assert_eq!(column("unconverted").as_string::<i32>().value(0), "Nf9");
        assert_eq!(column("input").as_string::<i32>().value(1), "numeric");
    }
}
