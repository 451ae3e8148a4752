-- Turn an SSB database into its text-keyed variant: every join key becomes a
-- TEXT primary key (a rowid table with a unique index on the key), and the
-- fact table's foreign keys become the same TEXT values.  Run by gen.py.
PRAGMA journal_mode=OFF;
PRAGMA synchronous=OFF;
PRAGMA cache_size=-200000;
ATTACH 'SRC' AS src;
BEGIN;
CREATE TABLE date AS SELECT printf('D%08d', d_datekey) AS d_datekey, d_date, d_dayofweek, d_month, d_year,
  d_yearmonthnum, d_yearmonth, d_daynuminweek, d_daynuminmonth, d_daynuminyear, d_monthnuminyear,
  d_weeknuminyear, d_sellingseason, d_lastdayinweekfl, d_lastdayinmonthfl, d_holidayfl, d_weekdayfl
  FROM src.date;
CREATE UNIQUE INDEX date_key ON date(d_datekey);
CREATE TABLE customer AS SELECT printf('C%09d', c_custkey) AS c_custkey, c_name, c_address, c_city,
  c_nation, c_region, c_phone, c_mktsegment FROM src.customer;
CREATE UNIQUE INDEX customer_key ON customer(c_custkey);
CREATE TABLE supplier AS SELECT printf('S%09d', s_suppkey) AS s_suppkey, s_name, s_address, s_city,
  s_nation, s_region, s_phone FROM src.supplier;
CREATE UNIQUE INDEX supplier_key ON supplier(s_suppkey);
CREATE TABLE part AS SELECT printf('P%09d', p_partkey) AS p_partkey, p_name, p_mfgr, p_category,
  p_brand1, p_color, p_type, p_size, p_container FROM src.part;
CREATE UNIQUE INDEX part_key ON part(p_partkey);
CREATE TABLE lineorder AS SELECT lo_orderkey, lo_linenumber, printf('C%09d', lo_custkey) AS lo_custkey,
  printf('P%09d', lo_partkey) AS lo_partkey, printf('S%09d', lo_suppkey) AS lo_suppkey,
  printf('D%08d', lo_orderdate) AS lo_orderdate, lo_orderpriority, lo_shippriority, lo_quantity,
  lo_extendedprice, lo_ordtotalprice, lo_discount, lo_revenue, lo_supplycost, lo_tax,
  lo_commitdate, lo_shipmode FROM src.lineorder;
COMMIT;
