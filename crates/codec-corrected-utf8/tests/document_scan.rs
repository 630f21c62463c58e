//! The streaming document check (`Rules::checker`) in bounded memory: it
//! allocates nothing while it is fed, whatever the number of findings, and
//! it finds what the one-shot check ([`Rules`] through `DocumentRules`)
//! finds, at every split of the document.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use codec_corrected_utf8::{DocumentRules, Finding, Level, MAGIC, Rules};

/// The system allocator, counting the allocations of each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// count is a thread-local cell with a constant initializer, which does not
// allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc`, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `realloc`, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn sixteen_mib_of_findings_are_counted_without_an_allocation() {
    // 16 MiB of 00: a `nul` finding (a MUST) per byte, after
    // `no_signature`, and `no_final_newline` at the end.
    let chunk = vec![0u8; 64 * 1024];
    let chunks = 256;
    let mut scan = Rules.checker();
    let (mut nul, mut first, mut last, mut next) = (0usize, None, None, 0usize);
    let before = allocations();
    for i in 0..chunks {
        scan.feed(&chunk, i + 1 == chunks, &mut |f| {
            match f.rule {
                "nul" => {
                    // In order of offset, one per byte.
                    assert_eq!((f.offset, f.level), (next, Level::Must));
                    next += 1;
                    nul += 1;
                }
                "no_signature" => first = Some(f),
                _ => last = Some(f),
            }
        });
    }
    assert_eq!(allocations() - before, 0, "the scan allocated while it was fed");
    let total = chunks * chunk.len();
    assert_eq!(nul, total);
    assert_eq!(first.map(|f| (f.offset, f.level)), Some((0, Level::Should)));
    assert_eq!(last.map(|f| (f.offset, f.rule)), Some((total, "no_final_newline")));
    // The state is a few fixed fields, not a list that grows.
    assert!(std::mem::size_of_val(&*scan) <= 64, "{}", std::mem::size_of_val(&*scan));
}

#[test]
fn the_stream_finds_what_the_one_shot_check_finds_at_every_split() {
    // Every rule: the magic number, a NUL, CR, another C0 control, U+2028
    // (E1 9E 88), U+2029 (E1 9E 89), a prefix of them that is not one, and
    // no final newline; and the same without the magic number.
    let body = b"a\0b\r\n\x07\xE1\x9E\x88c\xE1\x9E\x89\xE1\x9Ed";
    // Offsets in the body, by hand.
    let in_body = [
        (1, Level::Must, "nul"),
        (3, Level::Should, "carriage_return"),
        (5, Level::Should, "c0_control"),
        (6, Level::Should, "line_separator"),
        (10, Level::Should, "paragraph_separator"),
        (16, Level::Should, "no_final_newline"),
    ];
    for signed in [true, false] {
        let (doc, start): (Vec<u8>, usize) =
            if signed { ([&MAGIC[..], body].concat(), MAGIC.len()) } else { (body.to_vec(), 0) };
        let mut expected: Vec<(usize, Level, &str)> = in_body.iter().map(|&(o, l, r)| (start + o, l, r)).collect();
        if !signed {
            expected.insert(0, (0, Level::Should, "no_signature"));
        }
        let shape = |found: &[Finding]| found.iter().map(|f| (f.offset, f.level, f.rule)).collect::<Vec<_>>();
        assert_eq!(shape(&Rules.check(&doc)), expected, "the one-shot check, signed {signed}");
        for a in 0..=doc.len() {
            for b in a..=doc.len() {
                let mut scan = Rules.checker();
                let mut found: Vec<Finding> = Vec::new();
                scan.feed(&doc[..a], false, &mut |f| found.push(f));
                scan.feed(&doc[a..b], false, &mut |f| found.push(f));
                scan.feed(&doc[b..], true, &mut |f| found.push(f));
                assert_eq!(shape(&found), expected, "split at {a} and {b}, signed {signed}");
            }
        }
    }
}
