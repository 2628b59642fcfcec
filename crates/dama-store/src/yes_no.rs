//! A yes/no column: BOOLEAN on PostgreSQL, INTEGER 0/1 on SQLite (which has no boolean type,
//! and whose columns the `Any` driver reads as integers).

use sqlx::any::{Any, AnyTypeInfo, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Decode, Type};

/// A yes/no column as read (`#[sqlx(try_from = "YesNo")]` on a `bool` field).
pub struct YesNo(pub bool);

impl From<YesNo> for bool {
    fn from(f: YesNo) -> bool {
        f.0
    }
}

impl Type<Any> for YesNo {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }
    fn compatible(ty: &AnyTypeInfo) -> bool {
        <bool as Type<Any>>::compatible(ty) || <i64 as Type<Any>>::compatible(ty)
    }
}

impl<'r> Decode<'r, Any> for YesNo {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        match <bool as Decode<Any>>::decode(value.clone()) {
            Ok(b) => Ok(YesNo(b)),
            Err(_) => Ok(YesNo(<i64 as Decode<Any>>::decode(value)? != 0)),
        }
    }
}
