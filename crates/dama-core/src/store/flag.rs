//! A yes/no column: BOOLEAN on PostgreSQL, INTEGER 0/1 on SQLite (which has no boolean type,
//! and whose columns the `Any` driver reads as integers).

use sqlx::any::{Any, AnyTypeInfo, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Decode, Type};

pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(f: Flag) -> bool {
        f.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }
    fn compatible(ty: &AnyTypeInfo) -> bool {
        <bool as Type<Any>>::compatible(ty) || <i64 as Type<Any>>::compatible(ty)
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        match <bool as Decode<Any>>::decode(value.clone()) {
            Ok(b) => Ok(Flag(b)),
            Err(_) => Ok(Flag(<i64 as Decode<Any>>::decode(value)? != 0)),
        }
    }
}
